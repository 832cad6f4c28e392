/**
 * The app's event bus: spec §4 auth events and UI events, typed. Features talk through it instead of
 * importing each other (the request layer emits login_expired; the shell navigates and opens login).
 */
export interface AppEvents {
  /** Auth dialog: switch between ways (spec §2 events 1 login, 2 register, 3 forgot by phone, 4 forgot by e-mail). */
  switch_auth_way: { way: 1 | 2 | 3 | 4 };
  /** Open the auth dialog on the login form. */
  login: void;
  login_success: { userId: string };
  /** A new member registered and is logged in (player protection offers its tools once). */
  registered: void;
  /** Session ended by the server (6001 / HTTP 401). The shell goes home and opens login. */
  login_expired: void;
  /** Open the auth dialog on the forgot-password wizard. */
  forget_password: void;
  /** Open the auth dialog on the register form. */
  register: void;
  /** Open new-device verification (risky-login codes 6025–6029) with the masked phone and the message. */
  newDevice: { name: string; password: string; phoneNumber: string; message: string; code: number };
  closeAuth: void;
  password_change_success: void;
  /** "Please log in first" prompt (title 提示). */
  show_login_tips: void;
  /** Generic tips dialog (default title 温馨提示). */
  show_dialog_tips: { title?: string; content: string; okText?: string; onOk?: () => void };
  show_loading: { text?: string };
  dismiss_loading: void;
  /**
   * Venue-entry transfer dialog (6413 venue activity): the server message, central and venue balances,
   * transfer in, then 'enter the game' (emits enter_venue and calls onEnter). Anonymous: login tips.
   */
  show_venue_entry: { message: string; channelCode?: string; onEnter?: () => void };
  /** The member chose 进入游戏 in the venue-entry dialog (the launch code hooks this). */
  enter_venue: { channelCode?: string };
  egame_tab_change: { index: number };
  /** Terms / privacy modal with the toggle link between them. */
  show_legal: { doc: 'terms' | 'privacy' };
  /** 6449: bind-real-name dialog with the server message and '去完善' to user info. */
  bind_real_name: { message: string };
  /** 6603 (player protection): the member's session time limit ended the session; the protection root says so and logs out. */
  session_time_limit: { message: string };
  /** Safety notice, then open online customer service in a new tab. */
  open_customer_service: void;
  /** Common confirm (default title 温馨提示): cancel + confirm, or one button; onOk may return a promise (loading state). */
  show_confirm: {
    title?: string;
    content: string;
    okText?: string;
    cancelText?: string;
    single?: boolean;
    onOk?: () => void | Promise<void>;
    onCancel?: () => void;
  };
  /**
   * Top message (antd message) from code outside React that must not import the UI (the request
   * layer: 请重新登录 on login expired). The shell shows it.
   */
  notice: { kind: 'success' | 'error' | 'info' | 'warning'; text: string };
  /**
   * 6032 region warning (register, login): the server's message with 取消 / 继续访问. The request layer waits
   * for the answer: continue retries with the acknowledgement (x-region-ack), kept for the browser session.
   */
  region_warning: { message: string; onContinue: () => void; onCancel: () => void };
  /** 6031 region limited / 6033 IP restricted: a notice that cannot be closed (the site is not served here). */
  region_blocked: { message: string; code: number };
  /** Bottom toast for info, error and success. */
  toast: { type: 'info' | 'error' | 'success'; text: string };
  /** Copy text to the clipboard, then the '复制成功' toast. */
  copy: { text: string };
}

type Handler<T> = (payload: T) => void;

class EventBus<E> {
  private handlers = new Map<keyof E, Set<Handler<never>>>();

  on<K extends keyof E>(name: K, fn: Handler<E[K]>): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(fn as Handler<never>);
    return () => set!.delete(fn as Handler<never>);
  }

  emit<K extends keyof E>(name: K, ...payload: E[K] extends void ? [] : [E[K]]): void {
    for (const fn of this.handlers.get(name) ?? []) (fn as Handler<E[K]>)(payload[0] as E[K]);
  }
}

export const bus = new EventBus<AppEvents>();

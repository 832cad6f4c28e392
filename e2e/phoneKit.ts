/**
 * The phone's checks (issue 30), read from the page itself at 390 × 844: a page wider than the viewport, a control a
 * thumb cannot reach (outside the viewport and not in a strip that scrolls sideways), a tap target under 44 px.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** An ordinary phone: 390 × 844 CSS px, 3× screen, touch, a mobile browser's user agent. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

/** The smallest tap target allowed (issue 30: 44 px, the platform guidelines' figure). */
export const TAP_PX = 44;

/** A phone's browser context, logged in as `session` when given (as e2e/members.ts memberContext does at 1920). */
export async function phoneContext(
  browser: Browser,
  lang: string,
  session?: { token: string; userId: string },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, locale: lang, ...options });
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  if (session)
    await context.addInitScript(
      ([token, userId]) => {
        if (!localStorage.getItem('token')) {
          localStorage.setItem('token', token!);
          localStorage.setItem('userId', userId!);
        }
      },
      [session.token, session.userId],
    );
  return context;
}

/**
 * The page's layout faults on a phone. A control counts when it is rendered and can be hit (not hidden, not covered by
 * `pointer-events: none`, not in an aria-hidden part); one inside a sideways-scrolling strip or clipped by a carousel may
 * lie outside the viewport. Inline links within a sentence are exempt from the size rule (as WCAG exempts them).
 */
export async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate((tap) => {
    const faults: string[] = [];
    const vw = document.documentElement.clientWidth;
    const wide = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (wide > vw + 1) {
      // Name the widest culprit: the element sticking out furthest to the right.
      let worst: Element | null = null;
      let right = vw;
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        // A fixed element (the tab bar) spans whatever the page widened the viewport to: it is never the cause.
        if (r.width > 0 && r.right > right + 1 && !clippedSideways(el) && !inFixed(el)) {
          right = r.right;
          worst = el;
        }
      }
      faults.push(`page ${wide}px wide at ${vw}px${worst ? `: ${describe(worst)} reaches ${Math.round(right)}px` : ''}`);
    }
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=radio], [role=checkbox], [role=switch], [role=link], [role=menuitem], [tabindex]:not([tabindex="-1"])',
    );
    const seen = new Set<Element>();
    for (const el of controls) {
      if (!reachable(el)) continue;
      // A control inside another counted control (an icon button's inner span) is the same target.
      const outer = el.parentElement?.closest(
        'a[href], button, [role=button], [role=tab], [role=radio], [role=checkbox], [role=link], [role=menuitem], label',
      );
      if (outer && reachable(outer as HTMLElement)) continue;
      const target = targetOf(el);
      if (seen.has(target) || underDialog(target)) continue;
      seen.add(target);
      const r = target.getBoundingClientRect();
      if ((r.right > vw + 1 || r.left < -1) && !clippedSideways(target))
        faults.push(`${describe(target)} outside the viewport (x ${Math.round(r.left)}–${Math.round(r.right)})`);
      else if ((r.width < tap - 0.5 || r.height < tap - 0.5) && !inlineInText(target))
        faults.push(`${describe(target)} is ${Math.round(r.width)}×${Math.round(r.height)} px`);
    }
    // A number is typed on the phone's number pad: every numeric field says so (inputmode), none is a bare type=number.
    for (const input of document.querySelectorAll<HTMLInputElement>('input')) {
      const numeric =
        input.type === 'number' ||
        input.type === 'tel' ||
        input.closest('.ant-input-number') !== null ||
        input.closest('.amount-input') !== null;
      if (numeric && !/^(numeric|decimal|tel)$/.test(input.inputMode))
        faults.push(`${describe(input)} is a numeric field without inputmode`);
    }
    return faults;

    function reachable(el: HTMLElement): boolean {
      if (el.closest('[aria-hidden="true"], [inert], .ant-tooltip, .ant-popover')) return false;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || s.pointerEvents === 'none' || Number(s.opacity) === 0) return false;
      // A hidden <input> styled away (antd's checkbox, radio, upload) is hit through its label or wrapper.
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file')) return false;
      for (let p: Element | null = el; p; p = p.parentElement) {
        const ps = getComputedStyle(p);
        if (ps.display === 'none' || ps.visibility === 'hidden' || Number(ps.opacity) === 0) return false;
      }
      return true;
    }
    /** In a fixed element (the tab bar): it spans whatever the page widened the viewport to, never the cause. */
    function inFixed(el: Element): boolean {
      for (let p: Element | null = el; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).position === 'fixed') return true;
      return false;
    }
    /** Covered by an open dialog (a full-screen one on a phone): not in reach until it closes. */
    function underDialog(el: Element): boolean {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      const dialog = '.ant-modal-wrap, .ant-modal-mask, .ant-drawer';
      return hit !== null && !el.contains(hit) && hit.closest(dialog) !== null && el.closest(dialog) === null;
    }
    /** What the finger hits: a label around a control, an antd wrapper around its input. */
    function targetOf(el: HTMLElement): Element {
      return (
        el.closest(
          'label, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-input-affix-wrapper, .ant-input-number, .ant-select-selector, .ant-picker, .ant-tabs-tab, .ant-segmented-item, .ant-select, .ant-pagination-prev, .ant-pagination-next',
        ) ?? el
      );
    }
    /** Inside a box that scrolls sideways (a strip of tabs) or clips what lies outside it (a carousel's other slides). */
    function clippedSideways(el: Element): boolean {
      const r = el.getBoundingClientRect();
      for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
        if (o === 'hidden' || o === 'clip') {
          const pr = p.getBoundingClientRect();
          if (r.left >= pr.right - 1 || r.right <= pr.left + 1 || r.left < pr.left - 1 || r.right > pr.right + 1) return true;
        }
      }
      return false;
    }
    /** An inline link in running text (a sentence's "查看详情"), not a control of its own. */
    function inlineInText(el: Element): boolean {
      if (getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      if (!parent) return false;
      return [...parent.childNodes].some((n) => n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 0);
    }
    function describe(el: Element): string {
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 2).join('.') : '';
      const text = ((el as HTMLElement).innerText || el.getAttribute('aria-label') || (el as HTMLInputElement).placeholder || '')
        .trim()
        .slice(0, 16);
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}>${text ? ` "${text.replace(/\s+/g, ' ')}"` : ''}`;
    }
  }, TAP_PX);
}

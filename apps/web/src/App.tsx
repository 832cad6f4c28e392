import { useCallback, useEffect, useState } from 'react';
import { fetchPreInfo, PreInfoError, type PreInfo } from './site.ts';
import { applyTheme } from './theme.ts';
import { GAME_TILES, isActive, NAV_ITEMS } from './sections.ts';

type Load = { state: 'loading' } | { state: 'ready'; info: PreInfo } | { state: 'failed'; message: string };

function usePreInfo(): [Load, () => void] {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchPreInfo(controller.signal).then(
      (info) => {
        applyTheme(info.siteBaseConfig.theme);
        document.title = info.siteBaseConfig.title;
        setLoad({ state: 'ready', info });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof PreInfoError && error.message ? error.message : '服务暂时不可用，请稍后再试';
        setLoad({ state: 'failed', message });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [load, retry];
}

function Header({ info }: { info: PreInfo | null }) {
  const pathname = window.location.pathname;
  const config = info?.siteBaseConfig;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="brand" href="/" aria-label={config?.title ?? '首页'}>
          {config && (
            <>
              <span className="brand__logo">{config.theme.logoText}</span>
              <span className="brand__title">{config.title}</span>
            </>
          )}
        </a>
        <nav className="main-nav" aria-label="主导航">
          <ul>
            {NAV_ITEMS.map((item) => {
              const active = isActive(item, pathname);
              return (
                <li key={item.href}>
                  <a href={item.href} data-code={item.code} aria-current={active ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function Hero({ title }: { title: string }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <p className="hero__eyebrow">体育 · 真人 · 棋牌 · 电子 · 电竞 · 彩票 · 捕鱼</p>
      <h1 id="hero-title" className="hero__title">
        {title}
      </h1>
      <p className="hero__lead">体育赛事、真人娱乐、电子游戏与彩票，一站畅玩。</p>
    </section>
  );
}

function GameTiles() {
  return (
    <section className="tiles" aria-label="游戏分类">
      {GAME_TILES.map((tile) => (
        <a key={tile.code} className="tile" href={tile.href}>
          <span className="tile__code" aria-hidden="true">
            {tile.code}
          </span>
          <span className="tile__label">{tile.label}</span>
          <span className="tile__blurb">{tile.blurb}</span>
          <span className="tile__enter" aria-hidden="true">
            进入 →
          </span>
        </a>
      ))}
    </section>
  );
}

function StatusLine({ load }: { load: Load }) {
  let text: string;
  if (load.state === 'ready') {
    text = `您的 IP：${load.info.ip} · 站点 ${load.info.siteBaseConfig.siteCode}`;
  } else if (load.state === 'loading') {
    text = '正在连接服务…';
  } else {
    text = '服务暂不可用';
  }
  return (
    <p className="status-line" role="status" data-state={load.state}>
      <span className="status-line__dot" aria-hidden="true" />
      {text}
    </p>
  );
}

export function App() {
  const [load, retry] = usePreInfo();
  const info = load.state === 'ready' ? load.info : null;

  return (
    <div className="page" data-state={load.state}>
      <Header info={info} />
      <main className="main">
        {load.state === 'ready' && (
          <>
            <Hero title={load.info.siteBaseConfig.title} />
            <GameTiles />
          </>
        )}
        {load.state === 'loading' && <div className="hero hero--skeleton" aria-busy="true" aria-label="加载中..." />}
        {load.state === 'failed' && (
          <section className="notice" role="alert">
            <h1 className="notice__title">温馨提示</h1>
            <p>{load.message}</p>
            <button type="button" className="button" onClick={retry}>
              重试
            </button>
          </section>
        )}
      </main>
      <footer className="site-footer">
        <StatusLine load={load} />
        <p className="site-footer__note">未满 18 周岁禁止参与 · 理性娱乐，量力而行</p>
      </footer>
    </div>
  );
}

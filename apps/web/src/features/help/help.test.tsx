import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { bus } from '../../app/events.ts';
import { HELP_GROUPS, HELP_PAGES, HelpLayout } from './index.ts';
import { i18n, renderIn, TEST_BRAND } from './test-utils.tsx';

vi.mock('../../app/site.ts', () => import('./site.mock.ts'));

afterEach(cleanup);

const SPEC_CODES = [
  'kh',
  'ck',
  'qk',
  'zz',
  'yhgz',
  'tjllq',
  'xnbcqkjc',
  'tytzjc',
  'tysstqth',
  'fjcjc',
  'rqgl',
  'dxqgl',
  'cpwt',
  'dzjj',
  'tywt',
  'zrwt',
  'qtwt',
  'bczr',
  'gywm',
  'gztk',
  'hzhb',
  'ysgz',
  'zxkf',
];
const LANGUAGES = ['zh-CN', 'zh-TW'] as const;

describe('HELP_PAGES', () => {
  test('has the 23 help codes of spec §2 and 公平验证 (gpyz, issue 28), each once, grouped contiguously in menu order', () => {
    expect(HELP_PAGES.map((p) => p.path).sort()).toEqual([...SPEC_CODES, 'gpyz'].sort());
    const groupsInOrder = HELP_PAGES.map((p) => p.group).filter((g, i, all) => all[i - 1] !== g);
    expect(groupsInOrder).toEqual([...HELP_GROUPS]);
    expect(HELP_PAGES[0]!.path).toBe('kh');
  });
});

describe.each(LANGUAGES)('every help page in %s', (lng) => {
  test.each(HELP_PAGES.map((p) => [p.path, p] as const))('%s renders its title and sections', async (_code, page) => {
    const { container } = await renderIn(lng, <page.Component />);
    const title = i18n.t(page.titleKey, { ns: 'help', lng });
    expect(title).not.toBe(page.titleKey);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(container.querySelectorAll('section.cd-section').length).toBeGreaterThan(0);
    const text = container.textContent ?? '';
    expect(text).not.toContain('{{');
    expect(text).not.toMatch(/pages\.\w+\./); // no raw keys
  });
});

describe('content details', () => {
  test('the brand from the site config fills {{brand}}', async () => {
    const { container } = await renderIn('zh-CN', <HelpPageOf code="gywm" />);
    expect(container.textContent).toContain(`${TEST_BRAND}是面向成年玩家`);
  });

  test('zh-TW is written in Traditional characters', async () => {
    const { container } = await renderIn('zh-TW', <HelpPageOf code="ck" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('存款幫助');
    expect(container.textContent).toContain('銀行卡');
    expect(container.textContent).not.toContain('银行卡');
  });

  test('odds formats and handicap settlement are explained with tables', async () => {
    const odds = await renderIn('zh-CN', <HelpPageOf code="tytzjc" />);
    for (const word of ['欧洲盘', '香港盘', '马来盘', '印尼盘', '2.25']) expect(odds.container.textContent).toContain(word);
    odds.unmount();
    const ah = await renderIn('zh-CN', <HelpPageOf code="rqgl" />);
    for (const word of ['赢一半', '输一半', '走水', '半球/一球 (0.5/1)', '145 元']) expect(ah.container.textContent).toContain(word);
  });

  test('withdraw help covers the turnover requirement, funds password and card holder name', async () => {
    const { container } = await renderIn('zh-CN', <HelpPageOf code="qk" />);
    const text = container.textContent ?? '';
    expect(text).toContain('流水要求');
    expect(text).toContain('取款密码');
    expect(text).toContain('持卡人姓名必须与账户真实姓名完全一致');
    expect(text).toContain('以取款页面实时显示为准');
  });

  test('online support button opens customer service through the bus', async () => {
    const spy = vi.fn();
    const off = bus.on('open_customer_service', spy);
    await renderIn('zh-CN', <HelpPageOf code="zxkf" />);
    fireEvent.click(screen.getByRole('button', { name: /联系在线客服/ }));
    expect(spy).toHaveBeenCalledTimes(1);
    off();
  });
});

function HelpPageOf({ code }: { code: string }) {
  const page = HELP_PAGES.find((p) => p.path === code)!;
  return <page.Component />;
}

function HelpRoutes() {
  return (
    <Routes>
      <Route path="/app/help" element={<HelpLayout />}>
        {HELP_PAGES.map((p) => (
          <Route key={p.path} path={p.path} element={<p.Component />} />
        ))}
      </Route>
    </Routes>
  );
}

describe('HelpLayout', () => {
  test.each(LANGUAGES)('shows the grouped menu and the page of the route (%s)', async (lng) => {
    await renderIn(lng, <HelpRoutes />, '/app/help/kh');
    const nav = screen.getByRole('navigation', { name: i18n.t('center.menuLabel', { ns: 'help', lng }) });
    // The group 关于我们 and the page 关于我们 share a label: hence getAll.
    for (const group of HELP_GROUPS)
      expect(within(nav).getAllByText(i18n.t(`groups.${group}`, { ns: 'help', lng })).length).toBeGreaterThan(0);
    for (const page of HELP_PAGES) expect(within(nav).getAllByText(i18n.t(page.titleKey, { ns: 'help', lng })).length).toBeGreaterThan(0);
    expect(nav.querySelectorAll('.ant-menu-item').length).toBe(HELP_PAGES.length);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(i18n.t('pages.kh.title', { ns: 'help', lng }));
  });

  test('clicking a menu item shows that page', async () => {
    await renderIn('zh-CN', <HelpRoutes />, '/app/help/kh');
    const nav = screen.getByRole('navigation', { name: '帮助中心目录' });
    fireEvent.click(within(nav).getByText('让球规则'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('让球规则');
  });

  test('gztk shows the terms and ysgz the privacy policy', async () => {
    await renderIn('zh-CN', <HelpRoutes />, '/app/help/gztk');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('规则与条款');
    cleanup();
    await renderIn('zh-CN', <HelpRoutes />, '/app/help/ysgz');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('隐私政策');
  });
});

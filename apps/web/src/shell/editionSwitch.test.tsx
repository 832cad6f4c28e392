/** The header's edition switch (spec §3 edition, default classic): a radio group; choosing persists and themes the page. */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { mockApi, ok } from '../test/authTestUtils.tsx';
import { renderShell } from '../test/shellHarness.tsx';
import { useUi } from '../stores/ui.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useUi.getState().setEdition('classic');
});

test('classic is checked by default; choosing 专业版 checks it, stores the edition and darkens the header', async () => {
  mockApi({ 'letter/getUnreadForType': ok({ total: 0 }), 'feedback/unreadNum': ok({ count: 0 }) });
  await renderShell({ path: '/app/help/gywm' });
  const group = await screen.findByRole('radiogroup', { name: /版本|版/ });
  const classic = screen.getByRole('radio', { name: '经典版' });
  const pro = screen.getByRole('radio', { name: '专业版' });
  expect(group.contains(pro)).toBe(true);
  expect(classic.getAttribute('aria-checked')).toBe('true');
  expect(pro.getAttribute('aria-checked')).toBe('false');
  await userEvent.click(pro);
  await waitFor(() => expect(pro.getAttribute('aria-checked')).toBe('true'));
  expect(classic.getAttribute('aria-checked')).toBe('false');
  expect(localStorage.getItem('edition')).toBe('professional');
  expect(document.querySelector('.site-header')?.getAttribute('data-theme')).toBe('dark');
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';

afterEach(cleanup);
import { PageTitle } from './PageTitle.tsx';

describe('page title', () => {
  test('15 characters or fewer: static', () => {
    render(<PageTitle title="一二三四五六七八九十一二三四五" />);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.dataset.scroll).toBe('false');
    expect(h1.querySelector('.page-title__marquee')).toBeNull();
  });

  test('over 15 characters: scrolls (marquee)', () => {
    render(<PageTitle title="一二三四五六七八九十一二三四五六" />);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.dataset.scroll).toBe('true');
    expect(h1.classList.contains('page-title__text--scroll')).toBe(true);
    expect(h1.querySelector('.page-title__marquee')).not.toBeNull();
  });
});

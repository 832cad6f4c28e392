/** Test double of app/site.ts for the content features: `vi.mock('../../app/site.ts', () => import('…/site.mock.ts'))`. */
export const TEST_BRAND = '金冠娱乐';
export const TEST_H5 = 'https://m.brand.example';

export function useSite() {
  return { status: 'ready', title: TEST_BRAND, config: { title: TEST_BRAND, h5DomainUrl: TEST_H5 } };
}

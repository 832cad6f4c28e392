/** One banner of the home page: shared by the single-banner view and the carousel chunk. */
import type { AdItem } from '@portal/contract';
import { linkProps } from '../../routes/nav.ts';

/**
 * One banner: a link when it has one (an in-app path through the router, an http(s) address in a new
 * tab), else just the picture. Images after the first load lazily; width and height fix their ratio.
 */
export function BannerSlide({ ad, eager }: { ad: AdItem; eager: boolean }) {
  const img = (
    <img
      className="home-banner__img"
      src={ad.imageUrl}
      alt={ad.title}
      width={1280}
      height={640}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
    />
  );
  if (!ad.linkUrl)
    return (
      <div className="home-banner__slide" data-testid={`banner-${ad.id}`}>
        {img}
      </div>
    );
  return (
    <a className="home-banner__slide" data-testid={`banner-${ad.id}`} {...linkProps(ad.linkUrl)}>
      {img}
    </a>
  );
}

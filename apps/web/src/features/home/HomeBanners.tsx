/**
 * The home page's banner area: the brand's banner ads (advertising/navigationList, position banner),
 * answered from the request cache per path + payload. The frame has a fixed size from the first paint
 * (CSS aspect ratio, inside the fixed-height hero), so loading, empty and filled states never move the
 * page (CLS 0). One banner is a plain slide; several rotate in antd's Carousel, loaded as its own chunk
 * (the first slide stands in until it arrives), which keeps the carousel out of the home route's JS.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { messagesApi, type AdItem } from '@portal/contract';
import { call } from '../../api/client.ts';
import { useSite } from '../../app/site.ts';
import { useUi } from '../../stores/ui.ts';
import { BannerSlide } from './BannerSlide.tsx';

const BannerCarousel = lazy(() => import('./BannerCarousel.tsx'));

/** The payload of the banner call (the request cache keys on it). */
export const BANNER_PAYLOAD = { position: 'banner' } as const;

/** null while loading; the list (maybe empty) once answered; a failure shows as empty. */
function useBanners(): AdItem[] | null {
  const language = useUi((s) => s.language);
  const [ads, setAds] = useState<AdItem[] | null>(null);
  useEffect(() => {
    let alive = true;
    call(messagesApi.navigationList, BANNER_PAYLOAD, { cached: true })
      .then((list) => alive && setAds(list))
      .catch(() => alive && setAds([]));
    return () => {
      alive = false;
    };
  }, [language]);
  return ads;
}

export function HomeBanners() {
  const { logoUrl } = useSite();
  const ads = useBanners();
  const first = ads?.[0];
  return (
    <div
      className="home-banner"
      data-testid="home-banner"
      data-state={ads === null ? 'loading' : ads.length === 0 ? 'empty' : 'ready'}
      aria-busy={ads === null}
    >
      {ads !== null && !first && (
        // No banner published: the brand's mark on its colours — never a note to the operator.
        <div className="home-banner__empty" aria-hidden="true">
          {logoUrl && <img src={logoUrl} alt="" width={96} height={96} />}
        </div>
      )}
      {first && ads!.length === 1 && <BannerSlide ad={first} eager />}
      {first && ads!.length > 1 && (
        <Suspense fallback={<BannerSlide ad={first} eager />}>
          <BannerCarousel ads={ads!} />
        </Suspense>
      )}
    </div>
  );
}

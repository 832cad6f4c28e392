/** The rotating banners of the home page (its own chunk: antd's Carousel stays out of the home route's first load). */
import { Carousel } from 'antd';
import type { AdItem } from '@portal/contract';
import { BannerSlide } from './BannerSlide.tsx';

/** A banner stays this long before the next one slides in. */
const AUTOPLAY_MS = 5_000;

export default function BannerCarousel({ ads }: { ads: AdItem[] }) {
  return (
    <Carousel
      autoplay={{ dotDuration: true }}
      autoplaySpeed={AUTOPLAY_MS}
      className="home-banner__carousel"
      dots={{ className: 'home-banner__dots' }}
    >
      {ads.map((ad, i) => (
        <BannerSlide key={ad.id} ad={ad} eager={i === 0} />
      ))}
    </Carousel>
  );
}

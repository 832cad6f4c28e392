/** Pieces shared by the sponsor, agent and download pages: hero, feature cards, typed content reads. */
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../help/site.ts';
import './info.css';

export interface InfoCard {
  title: string;
  text: string;
}

/** Reads an array of {title, text} cards from the 'info' namespace. */
export function useInfoCards(key: string): InfoCard[] {
  const { t } = useTranslation('info');
  const brand = useBrand('info');
  const value: unknown = t(key, { returnObjects: true, brand, interpolation: { escapeValue: false } });
  if (!Array.isArray(value)) return [];
  return value.filter((c): c is InfoCard => !!c && typeof (c as InfoCard).title === 'string' && typeof (c as InfoCard).text === 'string');
}

export function InfoHero({
  eyebrow,
  title,
  summary,
  children,
  aside,
}: {
  eyebrow: string;
  title: string;
  summary?: string;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section className="info-hero">
      <div className="info-hero__text">
        <div className="info-hero__eyebrow">{eyebrow}</div>
        <Typography.Title level={1} className="info-hero__title">
          {title}
        </Typography.Title>
        {summary && <p className="info-hero__summary">{summary}</p>}
        {children && <div className="info-hero__actions">{children}</div>}
      </div>
      {aside && <div className="info-hero__aside">{aside}</div>}
    </section>
  );
}

export function InfoCards({ cards, icons }: { cards: InfoCard[]; icons?: ReactNode[] }) {
  return (
    <ul className="info-cards">
      {cards.map((card, i) => (
        <li key={i} className="info-card">
          {icons?.[i] && <span className="info-card__icon">{icons[i]}</span>}
          <div className="info-card__title">{card.title}</div>
          <p className="info-card__text">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}

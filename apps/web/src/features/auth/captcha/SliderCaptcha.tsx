/**
 * Slider captcha on our geeChallenge: the background has a gap, the piece sits on row pieceY; the
 * member drags the handle, the piece follows, and the drop position (image px) plus the drag time
 * go to validateGeeCheck as captcha_output = encodeSliderOutput(x, ms).
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { ReloadOutlined, ArrowRightOutlined, CheckOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { encodeSliderOutput, userApi, type ResponseOf } from '@portal/contract';
import { call } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import type { CaptchaResult, Ktype } from './captchaStore.ts';

type Challenge = ResponseOf<typeof userApi.geeChallenge>;

interface Props {
  ktype: Ktype;
  onDone(r: CaptchaResult): void;
  /** Errors with the spec's numeric prefix (1 picture fetch, 2 slider check). */
  onError(text: string): void;
}

export function SliderCaptcha({ ktype, onDone, onError }: Props) {
  const { t } = useTranslation('auth');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [loading, setLoading] = useState(true);
  const [offset, setOffset] = useState(0); // rendered px
  const [state, setState] = useState<'idle' | 'dragging' | 'checking' | 'ok' | 'fail'>('idle');
  const stage = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startMs: number } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setOffset(0);
    setState('idle');
    try {
      setChallenge(await call(userApi.geeChallenge, { ktype }));
    } catch (e) {
      setChallenge(null);
      onError(`1 ${errorMessage(e)}`);
    } finally {
      setLoading(false);
    }
  }, [ktype, onError]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Rendered px → image px (the stage may be scaled by the root font size). */
  const scale = () => {
    const w = stage.current?.getBoundingClientRect().width ?? 0;
    return challenge && w > 0 ? challenge.width / w : 1;
  };
  const maxOffset = () => {
    const w = stage.current?.getBoundingClientRect().width ?? 0;
    return challenge && w > 0 ? w - (challenge.pieceSize * w) / challenge.width : 0;
  };

  const onDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!challenge || state === 'checking' || state === 'ok') return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { startX: e.clientX, startMs: performance.now() };
    setState('dragging');
  };
  const onMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setOffset(Math.max(0, Math.min(maxOffset(), e.clientX - drag.current.startX)));
  };
  const onUp = async (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || !challenge) return;
    const rendered = Math.max(0, Math.min(maxOffset(), e.clientX - d.startX));
    const ms = performance.now() - d.startMs;
    setOffset(rendered);
    setState('checking');
    try {
      const r = await call(userApi.validateGeeCheck, {
        lot_number: challenge.lot_number,
        captcha_output: encodeSliderOutput(rendered * scale(), ms),
        pass_token: challenge.pass_token,
        gen_time: challenge.gen_time,
        validate_way: 0,
      });
      setState('ok');
      onDone({ kaptchcate: 0, codeId: r.codeId, code: r.code });
    } catch (err) {
      setState('fail');
      onError(`2 ${errorMessage(err)}`);
      setTimeout(() => void load(), 600); // the lot is burnt: a fresh picture
    }
  };

  const pieceLeft = offset;
  const w = challenge?.width ?? 320;
  const h = challenge?.height ?? 160;
  return (
    <div className="slider-captcha" data-state={state}>
      <div className="slider-captcha__stage" ref={stage} style={{ aspectRatio: `${w} / ${h}` }}>
        {loading && <Spin className="slider-captcha__spin" />}
        {challenge && !loading && (
          <>
            <img className="slider-captcha__bg" src={challenge.bg} alt={t('captcha.sliderAlt')} draggable={false} />
            <img
              className="slider-captcha__piece"
              src={challenge.piece}
              alt=""
              draggable={false}
              style={{
                left: pieceLeft,
                top: `${(challenge.pieceY / h) * 100}%`,
                width: `${(challenge.pieceSize / w) * 100}%`,
              }}
            />
          </>
        )}
        <button type="button" className="slider-captcha__refresh" onClick={() => void load()} aria-label={t('captcha.refresh')}>
          <ReloadOutlined />
        </button>
      </div>
      <div className="slider-captcha__track">
        <div className="slider-captcha__fill" style={{ width: offset + 20 }} />
        <span className="slider-captcha__hint">{state === 'idle' ? t('captcha.sliderHint') : ''}</span>
        <div
          className="slider-captcha__handle"
          role="slider"
          aria-label={t('captcha.sliderHint')}
          aria-valuenow={Math.round(offset)}
          tabIndex={0}
          data-testid="slider-handle"
          style={{ transform: `translateX(${offset}px)` }}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={(e) => void onUp(e)}
          onPointerCancel={() => {
            drag.current = null;
            setOffset(0);
            setState('idle');
          }}
        >
          {state === 'ok' ? <CheckOutlined /> : <ArrowRightOutlined />}
        </div>
      </div>
    </div>
  );
}

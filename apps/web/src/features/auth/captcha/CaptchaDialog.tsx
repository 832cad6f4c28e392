/** Captcha dialog (spec §2): slider first, switchable to the image captcha ('图形验证', click to refresh). */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, userApi } from '@portal/contract';
import { validateImageCaptcha } from '@portal/rules';
import { call } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useRuleText } from '../../../ui/form/rules.ts';
import { SliderCaptcha } from './SliderCaptcha.tsx';
import { useCaptcha, type Ktype } from './captchaStore.ts';

function ImageCaptcha({ ktype, onError }: { ktype: Ktype; onError(text: string): void }) {
  const { t } = useTranslation('auth');
  const rule = useRuleText();
  const finish = useCaptcha((s) => s.finish);
  const [img, setImg] = useState<{ image: string; codeId: string } | null>(null);
  const [loading, setLoading] = useState(true);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await call(userApi.defaultKaptcha, { ktype });
      setImg({ image: r.image, codeId: r['x-code'] });
    } catch (e) {
      onError(`1 ${errorMessage(e)}`);
    } finally {
      setLoading(false);
    }
  }, [ktype, onError]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = () => {
    const err = validateImageCaptcha(code);
    setError(err ? rule(err) : null);
    if (err || !img) return;
    finish({ kaptchcate: 1, codeId: img.codeId, code: code.trim() });
  };

  return (
    <div className="image-captcha">
      <div className="image-captcha__row">
        <Input
          size="large"
          value={code}
          maxLength={LIMITS.IMAGE_CAPTCHA_CODE_MAX}
          placeholder={t('captcha.imagePlaceholder')}
          status={error ? 'error' : undefined}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={submit}
          autoFocus
        />
        <button type="button" className="image-captcha__img" onClick={() => void load()} title={t('captcha.clickRefresh')}>
          {loading || !img ? <Spin size="small" /> : <img src={img.image} alt={t('captcha.imageAlt')} />}
        </button>
      </div>
      <div className="form-error" role="alert">
        {error}
      </div>
      <Button type="primary" size="large" block onClick={submit} className={code ? undefined : 'is-inactive'}>
        {t('captcha.confirm')}
      </Button>
    </div>
  );
}

export function CaptchaDialog() {
  const { t } = useTranslation('auth');
  const pending = useCaptcha((s) => s.pending);
  const kind = useCaptcha((s) => s.kind);
  const setKind = useCaptcha((s) => s.setKind);
  const finish = useCaptcha((s) => s.finish);
  const cancel = useCaptcha((s) => s.cancel);
  const [error, setError] = useState<string | null>(null);
  const onError = useCallback((text: string) => setError(text), []);

  useEffect(() => setError(null), [pending, kind]);

  return (
    <Modal
      open={pending !== null}
      onCancel={cancel}
      footer={null}
      width={380}
      centered
      destroyOnHidden
      maskClosable={false}
      title={kind === 'slider' ? t('captcha.sliderTitle') : t('captcha.imageTitle')}
      className="captcha-modal"
      zIndex={1100}
    >
      {pending && (
        <div className="captcha-body" data-testid="captcha-dialog">
          {kind === 'slider' ? (
            <SliderCaptcha ktype={pending.ktype} onDone={finish} onError={onError} />
          ) : (
            <ImageCaptcha ktype={pending.ktype} onError={onError} />
          )}
          {error && <Alert className="captcha-error" type="error" showIcon title={error} />}
          <div className="captcha-switch">
            <Button type="link" onClick={() => setKind(kind === 'slider' ? 'image' : 'slider')}>
              {kind === 'slider' ? t('captcha.toImage') : t('captcha.toSlider')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

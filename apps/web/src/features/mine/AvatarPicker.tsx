/**
 * The member's avatar and its picker: the site's preset avatars (avatarList) or an own image
 * (upload/uploadImage, purpose avatar), saved with addAvatar.
 */
import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Avatar, Button, Modal, Spin } from 'antd';
import { CameraOutlined, CheckOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { userApi, type ResponseOf } from '@portal/contract';
import { call } from '../../api/client.ts';
import { IMAGE_ACCEPT, checkImageFile, uploadImage } from '../../api/upload.ts';
import { useSession } from '../../stores/session.ts';
import { useApiError } from './useApiError.ts';

type Choice = { avatarId: string; url: string } | { uploadId: string; url: string };

export function MemberAvatar({ size }: { size: number }) {
  const avatar = useSession((s) => s.user?.avatar ?? null);
  return <Avatar size={size} src={avatar ?? undefined} icon={avatar ? undefined : <UserOutlined />} className="member-avatar" alt="" />;
}

function AvatarModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('mine');
  const { message } = AntApp.useApp();
  const onError = useApiError();
  const [list, setList] = useState<ResponseOf<typeof userApi.avatarList> | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [uploaded, setUploaded] = useState<Choice | null>(null);
  const [busy, setBusy] = useState<'upload' | 'save' | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    call(userApi.avatarList, {}).then(setList, (e: unknown) => {
      onError(e);
      onClose();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      void message.error(t(`avatar.${problem}Error`));
      return;
    }
    setBusy('upload');
    try {
      const r = await uploadImage(file, 'avatar');
      const c = { uploadId: r.id, url: r.url };
      setUploaded(c);
      setChoice(c);
    } catch (e) {
      onError(e);
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  const save = async () => {
    if (!choice) return;
    setBusy('save');
    try {
      await call(userApi.addAvatar, 'avatarId' in choice ? { avatarId: choice.avatarId } : { uploadId: choice.uploadId });
      void message.success(t('avatar.saved'));
      await useSession.getState().loadUser();
      onClose();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(null);
    }
  };

  const options: Choice[] = [...(uploaded ? [uploaded] : []), ...(list?.list.map((a) => ({ avatarId: a.id, url: a.url })) ?? [])];
  const selectedUrl = choice?.url ?? list?.current ?? null;
  return (
    <Modal
      open
      title={t('avatar.title')}
      onCancel={onClose}
      width={560}
      okText={t('avatar.save')}
      cancelText={t('avatar.cancel')}
      onOk={save}
      okButtonProps={{ disabled: !choice, loading: busy === 'save' }}
      className="avatar-modal"
    >
      <div className="avatar-modal__preview">
        <Avatar size={88} src={selectedUrl ?? undefined} icon={selectedUrl ? undefined : <UserOutlined />} />
        <div>
          <p className="avatar-modal__hint">{t('avatar.hint')}</p>
          <input
            ref={input}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            data-testid="avatar-file"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          <Button icon={<UploadOutlined />} loading={busy === 'upload'} onClick={() => input.current?.click()}>
            {t('avatar.upload')}
          </Button>
        </div>
      </div>
      <h4 className="avatar-modal__subtitle">{t('avatar.presets')}</h4>
      {!list ? (
        <Spin />
      ) : (
        <ul className="avatar-grid" role="listbox" aria-label={t('avatar.presets')}>
          {options.map((o) => {
            const selected = o.url === selectedUrl;
            return (
              <li key={o.url}>
                <button
                  type="button"
                  role="option"
                  aria-selected={selected}
                  className={selected ? 'avatar-grid__item is-selected' : 'avatar-grid__item'}
                  onClick={() => setChoice(o)}
                >
                  <img src={o.url} alt="" width={64} height={64} />
                  {selected && <CheckOutlined className="avatar-grid__check" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}

/** Large avatar with a "change" button (the user-info header). */
export function AvatarPicker() {
  const { t } = useTranslation('mine');
  const [open, setOpen] = useState(false);
  return (
    <div className="avatar-picker">
      <button type="button" className="avatar-picker__face" onClick={() => setOpen(true)} aria-label={t('avatar.change')}>
        <MemberAvatar size={84} />
        <span className="avatar-picker__overlay">
          <CameraOutlined />
        </span>
      </button>
      <Button size="small" type="link" onClick={() => setOpen(true)}>
        {t('avatar.change')}
      </Button>
      {open && <AvatarModal onClose={() => setOpen(false)} />}
    </div>
  );
}

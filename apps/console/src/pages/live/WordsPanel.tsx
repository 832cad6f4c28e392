/** The brand's chat word filter: one word a line (contact details and links are blocked without a list). */
import { useEffect, useState } from 'react';
import { Button, Card, Input } from 'antd';
import { consoleLiveApi as api } from '@portal/contract/console';
import { useConsoleMutation, useConsoleQuery } from '../../app/data.ts';

export function WordsPanel({ siteCode, canWrite }: { siteCode: number; canWrite: boolean }) {
  const words = useConsoleQuery(api.words, { siteCode });
  const save = useConsoleMutation(api.setWords, { success: '屏蔽词已保存' });
  const [text, setText] = useState('');
  useEffect(() => setText((words.data?.words ?? []).join('\n')), [words.data]);
  return (
    <Card size="small" title="聊天屏蔽词" style={{ marginTop: 16 }}>
      <Input.TextArea rows={5} value={text} onChange={(e) => setText(e.target.value)} disabled={!canWrite} placeholder="每行一个词" />
      {canWrite && (
        <Button
          style={{ marginTop: 8 }}
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              siteCode,
              words: text
                .split('\n')
                .map((w) => w.trim())
                .filter(Boolean),
            })
          }
        >
          保存
        </Button>
      )}
    </Card>
  );
}

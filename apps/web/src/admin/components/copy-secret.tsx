import { useEffect, useId, useRef, useState } from 'react';

/**
 * A secret shown once (an API key, an initial password) with a コピー button. Without a clipboard (an insecure origin,
 * a refused permission) the text is selected for Ctrl+C instead, and the clerk is told so.
 */
export function CopySecret({
  label,
  value,
  rows = 1,
  selectOnShow = false,
}: {
  label: string;
  value: string;
  rows?: number;
  /** Selects the text when it appears (a dialog that opens on it). */
  selectOnShow?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<'' | 'done' | 'failed'>('');
  useEffect(() => {
    if (selectOnShow) input.current?.select();
  }, [selectOnShow]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('done');
    } catch {
      input.current?.select();
      setCopied('failed');
    }
  }
  return (
    <>
      <div className="adm-key-box">
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <textarea id={id} ref={input} readOnly rows={rows} value={value} className="adm-key" spellCheck={false} />
        <button type="button" className="adm-primary" onClick={() => void copy()}>
          コピー
        </button>
      </div>
      <output className="adm-copy-state">
        {copied === 'done' && 'コピーしました。'}
        {copied === 'failed' && `コピーできませんでした。選択されている${label}を Ctrl+C（⌘+C）でコピーしてください。`}
      </output>
    </>
  );
}

// Private images load as the signed-in member, so they show as thumbnails.
import { useEffect, useState } from 'react';
import { cellText, imageBlobUrl, isImageUrl, isRow, type OpsAuth, type Row } from './ops-api.ts';
import { OPS_TEXT } from './texts.ts';
import { resultSentence } from './result-sentence.ts';

function Thumb({ auth, url }: { auth: OpsAuth; url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    imageBlobUrl(auth, url).then(
      (u) => {
        made = u;
        if (live) setSrc(u);
        else URL.revokeObjectURL(u);
      },
      () => undefined, // a missing image leaves the link
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [auth, url]);
  return src ? (
    <a href={src} target="_blank" rel="noreferrer">
      <img className="ops-thumb" src={src} alt={url} />
    </a>
  ) : (
    <code>{url}</code>
  );
}

function Cell({ auth, value }: { auth: OpsAuth; value: unknown }) {
  if (isImageUrl(value)) return <Thumb auth={auth} url={value} />;
  if (Array.isArray(value) && value.every(isImageUrl)) {
    return (
      <>
        {value.map((v) => (
          <Thumb key={v} auth={auth} url={v} />
        ))}
      </>
    );
  }
  return <>{cellText(value)}</>;
}

export function Sentence({ name, data }: { name: string; data: unknown }) {
  return (
    <p className="ops-note" role="status" data-testid="ops-sentence">
      {resultSentence(name, data)}
    </p>
  );
}

export function ResultView({
  auth,
  name,
  data,
  onPick,
}: {
  auth: OpsAuth;
  name: string;
  data: unknown;
  onPick: (row: Row) => void;
}) {
  if (Array.isArray(data) && data.every(isRow)) {
    if (data.length === 0) return <p className="ops-muted">{OPS_TEXT.empty}</p>;
    const cols = [...new Set(data.flatMap((r) => Object.keys(r)))];
    return (
      <>
        <p className="ops-muted">{OPS_TEXT.rowHint}</p>
        <div className="ops-scroll">
          <table className="ops-table">
            <thead>
              <tr>
                {cols.map((c) => (
                  <th key={c}>{c}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((row, i) => (
                <tr key={i} onClick={() => onPick(row)}>
                  {cols.map((c) => (
                    <td key={c}>
                      <Cell auth={auth} value={row[c]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }
  const sentence = <Sentence name={name} data={data} />;
  if (isRow(data)) {
    return (
      <>
        {sentence}
        <div className="ops-scroll">
          <table className="ops-table ops-kv" onClick={() => onPick(data)}>
            <tbody>
              {Object.entries(data).map(([k, v]) => (
                <tr key={k}>
                  <th>{k}</th>
                  <td>
                    <Cell auth={auth} value={v} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );
  }
  return sentence;
}

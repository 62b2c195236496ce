// Not loading="lazy": a virtualised list mounts only what is on screen, and a lazy image's observer costs frames.
import { useState } from 'react';
import './market-row.css';

export function InstrumentLogo({ src, label, size = 32 }: { src: string; label: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const letters = label
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 2)
    .toUpperCase();
  if (failed || src === '') {
    return (
      <span className="mk-logo mk-logo-fallback" style={{ width: size, height: size }} aria-hidden="true">
        {letters}
      </span>
    );
  }
  return (
    <img
      className="mk-logo"
      src={src}
      width={size}
      height={size}
      alt=""
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

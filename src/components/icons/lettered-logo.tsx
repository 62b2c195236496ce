// A picture, or its letters in a disc when there is none or it fails to load: an empty src would fetch the page
// again. Not loading="lazy": a virtualised list mounts only what is on screen, and a lazy image's observer costs frames.
import { useState, type ReactElement } from 'react';

export interface LetteredLogoProps {
  src: string;
  letters: string;
  size: number;
  /** On the picture and on the letters' disc. */
  className: string;
  /** Added on the letters' disc. */
  lettersClassName: string;
}

export function LetteredLogo({ src, letters, size, className, lettersClassName }: LetteredLogoProps): ReactElement {
  const [failed, setFailed] = useState(false);
  if (failed || src === '') {
    return (
      <span className={`${className} ${lettersClassName}`} style={{ width: size, height: size }} aria-hidden="true">
        {letters}
      </span>
    );
  }
  return (
    <img
      className={className}
      src={src}
      width={size}
      height={size}
      alt=""
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

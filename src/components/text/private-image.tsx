// Private uploads load with the session as a blob; the object URL is revoked when the image changes or leaves.
import { useEffect, useState } from 'react';
import { privateImageUrl } from '../../api/images.ts';
import { Spinner } from '../lists/spinner.tsx';

export function PrivateImage({ url, alt, className }: { url: string; alt: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let made: string | null = null;
    privateImageUrl(url, abort.signal).then(
      (u) => {
        made = u;
        setSrc(u);
      },
      () => setSrc(null), // gone or not ours: the frame stays empty
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
      setSrc(null);
    };
  }, [url]);
  return src ? <img className={className} src={src} alt={alt} /> : <Spinner />;
}

// /mine/announcement: the operator's announcement in the user's language (plain text, paragraphs).
import { useEffect, useState, type ReactElement } from 'react';
import type { Announcement } from '../../domain/content-types.ts';
import { announcement } from '../../api/content.ts';
import { TitleBar } from '../../components/title-bar.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import './content.css';

export function AnnouncementPage(): ReactElement {
  const [note, setNote] = useState<Announcement | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    announcement().then(setNote, () => setFailed(true));
  }, []);
  return (
    <div className="page">
      <TitleBar titleKey="page.announcement" back />
      <div className="page-body ct-body">
        {note ? (
          <article className="ct-card ct-announcement" data-testid="announcement" dir="auto">
            <h2 className="ct-title">{note.title}</h2>
            {note.content.split(/\n\s*\n/).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </article>
        ) : failed ? (
          <EmptyState textKey="common.no_data" />
        ) : null}
      </div>
    </div>
  );
}

// /mine/announcement: the operator's announcement in the user's language (plain text, paragraphs).
import type { ReactElement } from 'react';
import { announcement } from '../../api/content.ts';
import { ContentScreen } from '../../components/nav/content-screen.tsx';
import { useContentLanguage } from '../../components/content/content-lang.tsx';
import { Loaded, useLoaded } from '../../components/lists/loaded.tsx';

export function AnnouncementPage(): ReactElement {
  const note = useLoaded(announcement, useContentLanguage()); // the notice is in the reader's language
  return (
    <ContentScreen titleKey="page.announcement">
      <Loaded state={note}>
        {(n) => (
          <article className="ct-card ct-announcement" data-testid="announcement" dir="auto">
            <h2 className="ct-title">{n.title}</h2>
            {n.content.split(/\n\s*\n/).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </article>
        )}
      </Loaded>
    </ContentScreen>
  );
}

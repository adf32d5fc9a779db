import type { MouseEvent } from 'react';
import classes from './AppLayout.module.css';
import { SHELL_TEXT } from './texts';

/**
 * The first stop of the keyboard: past the top bar and the menu, straight to the screen. Focus
 * is moved by hand, so the URL keeps no #fragment and the router sees no navigation.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a href={`#${targetId}`} className={classes.skipLink} onClick={skip}>
      {SHELL_TEXT.skipToContent}
    </a>
  );
}

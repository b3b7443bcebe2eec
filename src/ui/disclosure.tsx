import type { ReactNode } from 'react';
import { Button, Disclosure as AriaDisclosure, DisclosurePanel, Heading } from 'react-aria-components';
import './disclosure.css';

/** An expandable panel: a heading whose button shows or hides the content (ARIA disclosure pattern). */
export function Disclosure({ title, level = 2, defaultExpanded, children }: {
  title: string;
  level?: 2 | 3;
  defaultExpanded?: boolean;
  children: ReactNode;
}) {
  return (
    <AriaDisclosure className="disclosure" defaultExpanded={defaultExpanded}>
      <Heading level={level} className="disclosure-heading">
        <Button slot="trigger" className="disclosure-trigger">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="disclosure-chevron"><path d="m9 18 6-6-6-6" /></svg>
          {title}
        </Button>
      </Heading>
      <DisclosurePanel className="disclosure-panel"><div className="disclosure-body">{children}</div></DisclosurePanel>
    </AriaDisclosure>
  );
}

import type { Key, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';

export type TabItem = { id: string; title: string; content: ReactNode };

/** Keyboard tabs (arrow keys move between tabs, Tab enters the panel). */
export function Tabs({ label, items, selectedKey, onSelectionChange }: {
  label: string;
  items: TabItem[];
  selectedKey?: string;
  onSelectionChange?: (key: Key) => void;
}) {
  return (
    <AriaTabs className="tabs" selectedKey={selectedKey} onSelectionChange={onSelectionChange}>
      <TabList aria-label={label} className="tab-list">
        {items.map((t) => <Tab key={t.id} id={t.id} className="tab">{t.title}</Tab>)}
      </TabList>
      {items.map((t) => <TabPanel key={t.id} id={t.id} className="tab-panel">{t.content}</TabPanel>)}
    </AriaTabs>
  );
}

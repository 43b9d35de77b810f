import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tokens } from 'shared-ui';
import styled from 'styled-components';

// The WAI-ARIA tabs pattern (automatic activation): one tab stop for the tab list, arrow keys
// move between tabs (wrapping), Home and End go to the first and last, the focused tab shows its
// panel, and Tab moves on into the panel.

export type TabSpec<K extends string> = { key: K; label: string; panel: ReactNode };

const StyledTabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[2]};
  border-bottom: 1px solid ${tokens.color.border};
  margin-bottom: ${tokens.space[4]};
`;
const StyledTab = styled.button`
  font: inherit;
  cursor: pointer;
  background: none;
  border: none;
  border-bottom: 3px solid transparent;
  padding: ${tokens.space[2]} ${tokens.space[3]};
  color: ${tokens.color.textMuted};
  &[aria-selected='true'] {
    color: ${tokens.color.text};
    border-bottom-color: ${tokens.color.primary};
    font-weight: 600;
  }
`;

export function Tabs<K extends string>({
  label,
  tabs,
  initial,
}: {
  label: string;
  tabs: TabSpec<K>[];
  initial: K;
}) {
  const [selected, setSelected] = useState<K>(initial);
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const baseId = useId();
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = (key: K) => `${baseId}-panel-${key}`;

  const select = (index: number) => {
    const count = tabs.length;
    const tab = tabs[((index % count) + count) % count];
    if (!tab) return;
    setSelected(tab.key);
    refs.current.get(tab.key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];
  return (
    <>
      <StyledTabList role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const isSelected = tab.key === current?.key;
          return (
            <StyledTab
              key={tab.key}
              ref={(element) => {
                if (element) refs.current.set(tab.key, element);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.key)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </StyledTab>
          );
        })}
      </StyledTabList>
      {current && (
        <div
          role="tabpanel"
          id={panelId(current.key)}
          aria-labelledby={tabId(current.key)}
          tabIndex={0}
        >
          {current.panel}
        </div>
      )}
    </>
  );
}

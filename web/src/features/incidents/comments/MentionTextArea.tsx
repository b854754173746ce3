import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar, Menu, MenuContent, MenuItem, MenuList, TextArea } from '@patternfly/react-core';
import { UserIcon } from '@patternfly/react-icons';
import { MENTION_LIMIT, usePeople } from '../people-api.js';
import { insertMention, mentionQueryAt, type MentionQuery } from './mentions.js';

export interface MentionTextAreaProps {
  value: string;
  onChange: (value: string) => void;
  'aria-label': string;
  id?: string;
  placeholder?: string;
  isDisabled?: boolean;
  validated?: 'error' | 'default';
  'aria-describedby'?: string;
}

/**
 * A text area where typing `@` and a name offers the matching people; arrow keys move through
 * them, Enter or a click picks one and puts `@[Name](user:id)` in the text, Escape closes.
 */
export function MentionTextArea({
  value,
  onChange,
  id,
  placeholder,
  isDisabled,
  validated,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
}: MentionTextAreaProps) {
  const textArea = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const { data: people = [] } = usePeople(mention?.query ?? null, MENTION_LIMIT);
  const open = mention !== null && people.length > 0;
  const activeIndex = Math.min(active, people.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  const follow = (text: string, caret: number) => {
    const next = mentionQueryAt(text, caret);
    setMention(next);
    if (next?.query !== mention?.query) setActive(0);
  };

  const pick = (index: number) => {
    const person = people[index];
    if (!mention || !person) return;
    const { text, caret } = insertMention(value, mention, person);
    onChange(text);
    setMention(null);
    requestAnimationFrame(() => {
      textArea.current?.focus();
      textArea.current?.setSelectionRange(caret, caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + people.length) % people.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(activeIndex);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setMention(null);
    }
  };

  return (
    <div style={{ position: 'relative' }}>
      <TextArea
        ref={textArea}
        id={id}
        value={value}
        placeholder={placeholder}
        isDisabled={isDisabled}
        validated={validated}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        // A text area is a textbox, which has no aria-expanded: the list's presence says it is open.
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        resizeOrientation="vertical"
        onChange={(event, text) => {
          onChange(text);
          follow(text, event.target.selectionStart ?? text.length);
        }}
        onKeyDown={onKeyDown}
        onClick={(event) => follow(value, event.currentTarget.selectionStart ?? value.length)}
        onBlur={() => setMention(null)}
      />
      {open && (
        <Menu
          role="listbox"
          aria-label="People to mention"
          style={{ position: 'absolute', zIndex: 10, top: '100%', left: 0, minWidth: '16rem' }}
          selected={optionId(activeIndex)}
          onSelect={(_event, itemId) => pick(people.findIndex((_p, index) => optionId(index) === itemId))}
        >
          <MenuContent>
            <MenuList id={listId} aria-label="People to mention">
              {people.map((person, index) => (
                <MenuItem
                  key={person.id}
                  id={optionId(index)}
                  itemId={optionId(index)}
                  isFocused={index === activeIndex}
                  // Keeps the text area focused: the pick happens on click, not on blur.
                  onMouseDown={(event) => event.preventDefault()}
                  icon={
                    person.avatar ? (
                      <Avatar src={person.avatar} alt="" size="sm" />
                    ) : (
                      <UserIcon aria-hidden="true" />
                    )
                  }
                >
                  {person.name}
                </MenuItem>
              ))}
            </MenuList>
          </MenuContent>
        </Menu>
      )}
    </div>
  );
}

import { Fragment } from 'react';

// Spec 2 §5: only http and https addresses become links; any other scheme stays text.
const WEB_ADDRESS = /(https?:\/\/[^\s<>"'`]+)/i;

/** Whether a text is a web address a log may link to. */
export const isWebAddress = (text: string) => /^https?:\/\/\S+$/i.test(text);

/** A log's text with its http(s) addresses as links opening in a new tab. */
export function LogText({ text }: { text: string }) {
  const parts = text.split(WEB_ADDRESS);
  return (
    <>
      {parts.map((part, index) =>
        // split with a capture group puts the addresses at the odd indexes.
        index % 2 === 1 ? (
          <a key={index} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

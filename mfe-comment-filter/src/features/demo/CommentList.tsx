import { useId, useMemo } from 'react';
import type { Strictness } from 'sentiment-classifier';
import { tokens } from 'shared-ui';
import styled from 'styled-components';
import type { Classifier } from './load-classifier';
import type { DemoComment } from './sample-thread';

const StyledList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${tokens.space[2]};
`;
const StyledComment = styled.li<{ $positive: boolean }>`
  padding: ${tokens.space[3]} ${tokens.space[4]};
  border: 1px solid ${tokens.color.border};
  border-left: 6px solid
    ${({ $positive }) => ($positive ? tokens.color.success : tokens.color.border)};
  border-radius: ${tokens.radius.sm};
  background: ${({ $positive }) =>
    $positive ? `color-mix(in srgb, ${tokens.color.success} 9%, ${tokens.color.bg})` : 'none'};
  p {
    margin: ${tokens.space[1]} 0 0;
  }
`;
const StyledAuthor = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space[2]};
  font-size: 0.85rem;
  font-weight: 600;
  color: ${tokens.color.textMuted};
`;
const StyledBadge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space[1]};
  padding: 0 ${tokens.space[2]};
  border-radius: 999px;
  color: ${tokens.color.onPrimary};
  background: ${tokens.color.success};
  svg {
    fill: currentColor;
  }
`;
const StyledSummary = styled.p`
  margin: 0 0 ${tokens.space[3]};
  color: ${tokens.color.textMuted};
`;

/** A thumbs-up, drawn here; decorative (the badge's word says it). */
function ThumbIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M1 7h3v8H1zM5.5 15h6.8c.8 0 1.4-.5 1.6-1.2l1.1-4.6c.2-.9-.5-1.7-1.4-1.7H10l.6-3.2c.1-.8-.4-1.6-1.2-1.8L8.8 2.3 5.5 7.2z" />
    </svg>
  );
}

type Props = {
  title: string;
  comments: readonly DemoComment[];
  classifier: Classifier;
  strictness: Strictness;
  positiveFirst: boolean;
};

/**
 * A thread as the extension shows it: each positive comment highlighted by a coloured edge and a
 * 'Positive' badge (an icon and a word, so colour is not the only sign), the rest as they were;
 * with 'positive first', the positives lead, each group in the thread's order.
 */
export function CommentList({ title, comments, classifier, strictness, positiveFirst }: Props) {
  const titleId = useId();
  const shown = useMemo(() => {
    const ordered = positiveFirst
      ? classifier.rankPositiveFirst(comments, { strictness, textOf: (comment) => comment.text })
      : comments;
    return ordered.map((comment) => ({
      comment,
      result: classifier.classify(comment.text, { strictness }),
    }));
  }, [classifier, comments, strictness, positiveFirst]);
  const positives = shown.filter((item) => item.result.positive).length;
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <StyledSummary role="status">
        {positives} of {comments.length} {comments.length === 1 ? 'comment' : 'comments'}{' '}
        highlighted as positive.
      </StyledSummary>
      <StyledList aria-label={title}>
        {shown.map(({ comment, result }) => (
          <StyledComment key={comment.id} $positive={result.positive}>
            <StyledAuthor>
              <span>{comment.author}</span>
              {result.positive && (
                <StyledBadge>
                  <ThumbIcon />
                  Positive
                </StyledBadge>
              )}
            </StyledAuthor>
            <p>{comment.text}</p>
          </StyledComment>
        ))}
      </StyledList>
    </section>
  );
}

// The model's question or plan as a form (the first of `state.userQuestions`): each question
// with its choices (radio buttons, or checkboxes when several may be picked) and a field to type
// an answer of one's own; or the plan drawn as Markdown with Claude Code's three choices and a
// note for "keep planning". It is session state: after a reload it is still here, and whichever
// view answers first settles it for all (the others see it go). Focus goes to the form, never
// to a button: an Enter meant for the prompt must not answer anything.
import { OTHER_ANSWER_LABEL, PLAN_CHOICES, PLAN_QUESTION_TITLE } from '@wave-agent/shared-protocol';
import type { ChoiceQuestion, UserAnswer, UserQuestion } from '@wave-agent/shared-protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { Markdown } from '../markdown/Markdown.js';

function ChoiceFieldset({
  question,
  index,
  picked,
  typed,
  onPick,
  onType,
}: {
  readonly question: ChoiceQuestion;
  readonly index: number;
  readonly picked: readonly string[];
  readonly typed: string;
  readonly onPick: (picked: readonly string[]) => void;
  readonly onType: (typed: string) => void;
}) {
  const name = `question-${index}`;
  const toggle = (label: string): void =>
    onPick(
      question.multiSelect
        ? picked.includes(label)
          ? picked.filter((known) => known !== label)
          : [...picked, label]
        : [label],
    );
  return (
    <fieldset className="user-question" data-question={index}>
      <legend>
        <span className="user-question-header">{question.header}</span> {question.question}
      </legend>
      {question.options.map((option) => (
        <label key={option.label} className="user-question-option">
          <input
            type={question.multiSelect ? 'checkbox' : 'radio'}
            name={name}
            checked={picked.includes(option.label)}
            onChange={() => toggle(option.label)}
          />
          <span className="user-question-label">{option.label}</span>
          {option.description !== '' ? (
            <span className="user-question-description">{option.description}</span>
          ) : null}
        </label>
      ))}
      <label className="user-question-other">
        {OTHER_ANSWER_LABEL}
        <input
          type="text"
          value={typed}
          onChange={(event) => {
            onType(event.target.value);
            // A typed answer replaces a single choice; with several, it is one more.
            if (!question.multiSelect && event.target.value !== '') onPick([]);
          }}
        />
      </label>
    </fieldset>
  );
}

function ChoicesForm({
  questions,
  onAnswer,
}: {
  readonly questions: readonly ChoiceQuestion[];
  readonly onAnswer: (answer: UserAnswer) => void;
}) {
  const [picked, setPicked] = useState<readonly (readonly string[])[]>(() =>
    questions.map(() => []),
  );
  const [typed, setTyped] = useState<readonly string[]>(() => questions.map(() => ''));
  const answers = questions.map((_question, index) => {
    const own = typed[index]?.trim() ?? '';
    return [...(picked[index] ?? []), ...(own ? [own] : [])];
  });
  const complete = answers.every((answer) => answer.length > 0);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) onAnswer({ kind: 'choices', answers });
      }}
    >
      {questions.map((question, index) => (
        <ChoiceFieldset
          key={question.question}
          question={question}
          index={index}
          picked={picked[index] ?? []}
          typed={typed[index] ?? ''}
          onPick={(next) => setPicked(picked.map((known, at) => (at === index ? next : known)))}
          onType={(next) => setTyped(typed.map((known, at) => (at === index ? next : known)))}
        />
      ))}
      <div className="dialog-buttons">
        <button type="submit" className="primary" disabled={!complete}>
          Answer
        </button>
        <button type="button" onClick={() => onAnswer({ kind: 'declined' })}>
          Don&apos;t answer
        </button>
      </div>
    </form>
  );
}

function PlanForm({
  plan,
  planFile,
  onAnswer,
}: {
  readonly plan: string;
  readonly planFile: string | undefined;
  readonly onAnswer: (answer: UserAnswer) => void;
}) {
  const [note, setNote] = useState('');
  const keep = PLAN_CHOICES.find((choice) => choice.note !== undefined);
  return (
    <div>
      <div className="plan-block">
        <Markdown source={plan} streaming={false} />
      </div>
      {planFile !== undefined ? <p className="plan-file">{planFile}</p> : null}
      <label className="plan-note">
        {keep?.label ?? 'No, keep planning'}:
        <input
          type="text"
          value={note}
          placeholder={keep?.note?.placeholder}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <div className="dialog-buttons">
        {PLAN_CHOICES.map((choice, index) => (
          <button
            key={choice.decision}
            type="button"
            className={index === 0 ? 'primary' : undefined}
            onClick={() =>
              onAnswer({
                kind: 'plan',
                decision: choice.decision,
                ...(choice.note !== undefined && note.trim() !== '' ? { note: note.trim() } : {}),
              })
            }
          >
            {choice.label}
          </button>
        ))}
      </div>
    </div>
  );
}

export function UserQuestionDialog({
  question,
  onAnswer,
}: {
  readonly question: UserQuestion;
  readonly onAnswer: (answer: UserAnswer) => void;
}) {
  const titleId = useId();
  const box = useRef<HTMLElement>(null);
  useEffect(() => box.current?.focus(), [question.requestId]);
  const { ask } = question;
  const from = question.subagent !== undefined ? ` (the ${question.subagent} subagent asks)` : '';
  // An MCP server's form (elicitation) says which server asks, and what it says.
  const title =
    question.elicitation !== undefined
      ? `The MCP server "${question.elicitation.server}" asks`
      : `Wave asks${from}`;
  return (
    <section
      ref={box}
      className="user-question-dialog"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-request-id={question.requestId}
    >
      <h2 id={titleId}>{ask.kind === 'plan' ? PLAN_QUESTION_TITLE : title}</h2>
      {question.elicitation !== undefined ? (
        <p className="user-question-message">{question.elicitation.message}</p>
      ) : null}
      {ask.kind === 'plan' ? (
        <PlanForm plan={ask.plan} planFile={ask.planFile} onAnswer={onAnswer} />
      ) : (
        <ChoicesForm questions={ask.questions} onAnswer={onAnswer} />
      )}
    </section>
  );
}

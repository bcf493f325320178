interface ChoiceSelectProps<T extends string> {
  id?: string;
  value: T;
  choices: readonly T[];
  /** The text a choice is shown with. */
  label: (choice: T) => string;
  onChange: (choice: T) => void;
  testId: string;
}

/** A narrow select over a fixed list of choices (sort field, upload method). */
export function ChoiceSelect<T extends string>({ id, value, choices, label, onChange, testId }: ChoiceSelectProps<T>) {
  return (
    <select
      id={id}
      className="cc-input cc-input--narrow"
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      data-testid={testId}
    >
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {label(choice)}
        </option>
      ))}
    </select>
  );
}

import { Popover } from 'radix-ui';
import { useId } from 'react';
import { Checkbox } from './checkbox.tsx';
import styles from './multi-select.module.css';

export interface MultiSelectOption {
  value: string;
  label: string;
}

export interface MultiSelectProps {
  label: string;
  options: MultiSelectOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
  placeholder?: string;
  /** Chips shown before "+N more" (spec: 3). */
  maxChips?: number;
}

/** The chips a multi-select shows: the first `max` labels, then "+N more" for the rest. */
export function chipLabels(labels: string[], max = 3): { chips: string[]; more: string | null } {
  const chips = labels.slice(0, max);
  const rest = labels.length - chips.length;
  return { chips, more: rest > 0 ? `+${rest} more` : null };
}

/** A labelled drop-down of checkboxes whose trigger shows the choices as chips. */
export function MultiSelect({ label, options, selected, onChange, placeholder = 'All', maxChips = 3 }: MultiSelectProps): React.JSX.Element {
  const labelId = useId();
  const valueId = useId();
  const labels = options.filter((option) => selected.includes(option.value)).map((option) => option.label);
  const { chips, more } = chipLabels(labels, maxChips);
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected.filter((item) => item !== value), value] : selected.filter((item) => item !== value));

  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <Popover.Root>
        <Popover.Trigger className={styles.trigger} aria-labelledby={`${labelId} ${valueId}`}>
          <span id={valueId} className={styles.chips}>
            {chips.length === 0 ? <span className={styles.placeholder}>{placeholder}</span> : null}
            {chips.map((chip) => (
              <span key={chip} className={styles.chip}>
                {chip}
              </span>
            ))}
            {more ? <span className={`${styles.chip} ${styles.more}`}>{more}</span> : null}
          </span>
          <span aria-hidden="true" className={styles.caret}>
            ▾
          </span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content className={styles.content} align="start" sideOffset={4} aria-label={label}>
            <ul className={styles.list}>
              {options.map((option) => (
                <li key={option.value} className={styles.option}>
                  <Checkbox
                    checked={selected.includes(option.value)}
                    onCheckedChange={(on) => toggle(option.value, on)}
                    label={option.label}
                  />
                </li>
              ))}
            </ul>
            {selected.length > 0 ? (
              <button type="button" className={styles.clear} onClick={() => onChange([])}>
                Clear selection
              </button>
            ) : null}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

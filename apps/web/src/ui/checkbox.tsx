import { Checkbox as RadixCheckbox } from 'radix-ui';
import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './checkbox.module.css';

export interface CheckboxProps {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  label?: ReactNode;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

/** A labelled checkbox; Space toggles it, as a native one. */
export function Checkbox({ checked, onCheckedChange, label, disabled, id, 'aria-label': ariaLabel }: CheckboxProps): React.JSX.Element {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <span className={styles.wrapper}>
      <RadixCheckbox.Root
        id={inputId}
        className={styles.box}
        checked={checked}
        disabled={disabled}
        aria-label={ariaLabel}
        onCheckedChange={(value) => onCheckedChange(value === true)}
      >
        <RadixCheckbox.Indicator className={styles.indicator}>{checked === 'indeterminate' ? '–' : '✓'}</RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      {label ? (
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
      ) : null}
    </span>
  );
}

import styles from './account-form.module.css';

export interface ProfileFieldsProps {
  company: string;
  linkedin: string;
  onCompanyChange: (company: string) => void;
  onLinkedinChange: (linkedin: string) => void;
  /** Completing a registration needs the company; settings check it on save instead. */
  companyRequired: boolean;
}

/** Company and LinkedIn inputs of the registration completion and the settings profile. */
export function ProfileFields({ company, linkedin, onCompanyChange, onLinkedinChange, companyRequired }: ProfileFieldsProps): React.JSX.Element {
  return (
    <>
      <label className={styles.field}>
        <span>Company or institution</span>
        <input value={company} onChange={(e) => onCompanyChange(e.target.value)} autoComplete="organization" required={companyRequired} />
      </label>
      <label className={styles.field}>
        <span>
          LinkedIn profile URL <span className={styles.hint}>(optional)</span>
        </span>
        <input type="url" value={linkedin} onChange={(e) => onLinkedinChange(e.target.value)} placeholder="https://www.linkedin.com/in/your-name" />
      </label>
    </>
  );
}

import { Link } from 'react-router';
import styles from './account-form.module.css';

/** A page outside the main layout (sign-in, registration completion): the brand link above one titled card. */
export function AccountCardPage({ titleId, title, children }: { titleId: string; title: React.ReactNode; children: React.ReactNode }): React.JSX.Element {
  return (
    <main className={styles.page}>
      <Link to="/" className={styles.brand}>
        molsearch
      </Link>
      <section className={styles.card} aria-labelledby={titleId}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

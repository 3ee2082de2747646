import { Outlet } from 'react-router';
import { ProfileGate } from '../auth/profile-gate.tsx';
import { Header } from './header/header.tsx';
import { Footer } from '../components/footer/footer.tsx';
import { ConsentModal } from '../features/consent/consent-modal.tsx';
import styles from './main-layout.module.css';

/** Header, the page, footer and the feedback consent modal. */
export function MainLayout(): React.JSX.Element {
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        <ProfileGate>
          <Outlet />
        </ProfileGate>
      </main>
      <Footer />
      <ConsentModal />
    </div>
  );
}

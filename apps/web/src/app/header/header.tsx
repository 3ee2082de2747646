import { NavLink, useParams } from 'react-router';
import { vendorBySlug } from '../../shared/vendors.ts';
import { UserArea } from './user-area.tsx';
import { Logo } from './logo.tsx';
import styles from './header.module.css';

/** Logo, Home/About/Tutorial and the user area; on /{vendor} also the vendor's logo and "Multi-Database Search". */
export function Header(): React.JSX.Element {
  const { vendor: slug } = useParams();
  const vendor = vendorBySlug(slug);
  const navClass = ({ isActive }: { isActive: boolean }) => `${styles.navLink} ${isActive ? styles.active : ''}`;
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <NavLink to="/" className={styles.logoLink} aria-label="molsearch home">
            <Logo />
          </NavLink>
          {vendor ? (
            <span className={styles.vendor}>
              <span className={styles.separator} aria-hidden="true">
                ×
              </span>
              <img src={vendor.logo} alt={`${vendor.name} logo`} className={styles.vendorLogo} height={28} />
            </span>
          ) : null}
        </div>
        <nav className={styles.nav} aria-label="Main">
          <NavLink to="/" end className={navClass}>
            {vendor ? 'Multi-Database Search' : 'Home'}
          </NavLink>
          <NavLink to="/about" className={navClass}>
            About
          </NavLink>
          <NavLink to="/tutorial" className={navClass}>
            Tutorial
          </NavLink>
        </nav>
        <div className={styles.user}>
          <UserArea />
        </div>
      </div>
    </header>
  );
}

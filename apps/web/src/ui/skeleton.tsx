import styles from './skeleton.module.css';

/** A grey shimmering block standing in for content that is loading. */
export function Skeleton({ width = '100%', height = '1rem', className }: { width?: string; height?: string; className?: string }): React.JSX.Element {
  return <span aria-hidden="true" className={`${styles.skeleton} ${className ?? ''}`} style={{ width, height }} />;
}

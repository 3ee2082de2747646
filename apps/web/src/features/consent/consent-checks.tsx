/** The two consent checkboxes, worded once for the modal, sign-up, profile completion and settings. */
export function ConsentChecks({
  contact,
  newsletter,
  onContactChange,
  onNewsletterChange,
  className,
}: {
  contact: boolean;
  newsletter: boolean;
  onContactChange: (checked: boolean) => void;
  onNewsletterChange: (checked: boolean) => void;
  /** Each form styles its own check rows. */
  className: string | undefined;
}): React.JSX.Element {
  return (
    <>
      <label className={className}>
        <input type="checkbox" checked={contact} onChange={(e) => onContactChange(e.target.checked)} />
        <span>I am open to being contacted for feedback about molsearch</span>
      </label>
      <label className={className}>
        <input type="checkbox" checked={newsletter} onChange={(e) => onNewsletterChange(e.target.checked)} />
        <span>Send me the newsletter with new databases and features</span>
      </label>
    </>
  );
}

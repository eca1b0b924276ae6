import type { ColumnDef } from '@tanstack/react-table';

/**
 * A list's last column: one button a row (削除, 外す), named for its row so that a screen reader tells the rows'
 * buttons apart; the column's head is read, not shown.
 */
export function buttonColumn<T>({
  text,
  label,
  disabled,
  onClick,
}: {
  text: string;
  label: (row: T) => string;
  disabled?: boolean;
  onClick: (row: T) => void;
}): ColumnDef<T, unknown> {
  return {
    id: 'action',
    header: () => <span className="visually-hidden">操作</span>,
    cell: (c) => (
      <button
        type="button"
        className="adm-button"
        disabled={disabled}
        aria-label={label(c.row.original)}
        onClick={() => onClick(c.row.original)}
      >
        {text}
      </button>
    ),
  };
}

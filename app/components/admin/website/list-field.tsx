import { type ReactNode, useState } from 'react';
import { buttonClass } from '../buttons';
import { type Path, moved, pathName } from './content-path';
import { addLabel, choiceLabel, itemNameOf, itemTitle, placeOf } from './field-labels';
import { fieldId, focusSoon, useContentForm } from './form-context';
import { emptyValueOf, type SchemaNode } from './schema-node';
import { FieldMessage } from './text-fields';

type ListNode = Extract<SchemaNode, { kind: 'list' }>;

interface ListFieldProps {
  node: ListNode;
  path: Path;
  label: string;
  value: unknown;
  /** An item's fields (without a group of their own), or its one field labelled `title`. */
  renderItem(path: Path, value: unknown, title: string): ReactNode;
}

let lastKey = 0;
const freshKeys = (count: number) => Array.from({ length: count }, () => ++lastKey);

/**
 * A key per item that stays with it while it is edited (a new object each time) and moved: the list's
 * own changes (add, move, remove) move the keys along; a list changed from elsewhere gets new ones.
 */
function useItemKeys(count: number) {
  const [kept, setKeys] = useState(() => freshKeys(count));
  const keys = kept.length === count ? kept : freshKeys(count);
  if (keys !== kept) setKeys(keys);
  return {
    keys,
    added: () => setKeys([...keys, ++lastKey]),
    moved: (from: number, to: number) => setKeys(moved(keys, from, to)),
    removed: (index: number) => setKeys(keys.filter((_, at) => at !== index)),
  };
}

/** A fixed item's title: its service's name when it has one ("Software development"). */
function titleOf(item: unknown, itemName: string, index: number): string {
  const id = item && typeof item === 'object' && 'id' in item ? item.id : undefined;
  return typeof id === 'string' ? choiceLabel(id) : itemTitle(itemName, index);
}

interface ItemControlsProps {
  name: string;
  title: string;
  index: number;
  count: number;
  canRemove: boolean;
  move(to: number): void;
  remove(): void;
}

/** Move up, move down and remove, each named for its item ("Move question 2 up"). */
function ItemControls({ name, title, index, count, canRemove, move, remove }: ItemControlsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        id={`${name}-up`}
        type="button"
        className={buttonClass.small}
        disabled={index === 0}
        aria-label={`Move ${title.toLowerCase()} up`}
        onClick={() => move(index - 1)}
      >
        ↑ Up
      </button>
      <button
        id={`${name}-down`}
        type="button"
        className={buttonClass.small}
        disabled={index === count - 1}
        aria-label={`Move ${title.toLowerCase()} down`}
        onClick={() => move(index + 1)}
      >
        ↓ Down
      </button>
      <button
        type="button"
        className={buttonClass.small}
        disabled={!canRemove}
        aria-label={`Remove ${title.toLowerCase()}`}
        onClick={remove}
      >
        Remove
      </button>
    </div>
  );
}

/** One item: a group named by its title, with its buttons (unless the list is fixed) and its fields. */
function ListItem({
  id,
  title,
  grouped,
  controls,
  children,
}: {
  id: string;
  title: string;
  grouped: boolean;
  controls: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={grouped ? 'rounded-xl border border-slate-200 bg-white p-4' : ''}
    >
      <legend className={grouped ? 'px-1 font-semibold text-ink' : 'sr-only'}>{title}</legend>
      <div className={grouped ? 'space-y-4' : 'flex flex-wrap items-end gap-3'}>
        {controls}
        <div className="min-w-0 flex-1 space-y-4">{children}</div>
      </div>
    </fieldset>
  );
}

/** "Add question", or why no more can be added. */
function AddButton({
  itemName,
  full,
  max,
  add,
}: {
  itemName: string;
  full: boolean;
  max: number;
  add(): void;
}) {
  return (
    <div>
      <button type="button" className={buttonClass.secondary} disabled={full} onClick={add}>
        {addLabel(itemName)}
      </button>
      {full && <p className="mt-1 text-sm text-slate-600">This list holds at most {max}.</p>}
    </div>
  );
}

/**
 * Repeated items: each with its fields and its buttons to move it and remove it, and a button to add one
 * ("Add question"), within the schema's counts. A fixed list (the four services) has none of these.
 */
export function ListField({ node, path, label, value, renderItem }: ListFieldProps) {
  const form = useContentForm();
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  const itemName = itemNameOf(placeOf(form.page, path), String(path.at(-1)));
  const name = fieldId(form, path);
  const message = form.messages[pathName(path)];
  const itemKeys = useItemKeys(items.length);
  const grouped = node.item.kind === 'object' || node.item.kind === 'variants';

  const move = (from: number, to: number) => {
    itemKeys.moved(from, to);
    form.change(path, moved(items, from, to));
    // The focus follows the item; at the top or the bottom, to the button that still moves it.
    const edge = to === 0 ? 'down' : to === items.length - 1 ? 'up' : from > to ? 'up' : 'down';
    focusSoon(`${name}.${to}-${edge}`);
  };
  const add = () => {
    itemKeys.added();
    form.change(path, [...items, emptyValueOf(node.item)]);
    focusSoon(`${name}.${items.length}`);
  };
  const remove = (index: number) => {
    itemKeys.removed(index);
    form.change(
      path,
      items.filter((_, at) => at !== index),
    );
  };

  return (
    <fieldset className="space-y-3" aria-describedby={message ? `${name}-error` : undefined}>
      <legend className="font-semibold text-ink">{label}</legend>
      <FieldMessage id={`${name}-error`} message={message} />
      <ol className="space-y-3">
        {items.map((item, index) => {
          const title = node.fixed ? titleOf(item, itemName, index) : itemTitle(itemName, index);
          const controls = !node.fixed && (
            <ItemControls
              name={`${name}.${index}`}
              title={title}
              index={index}
              count={items.length}
              canRemove={items.length > node.min}
              move={(to) => move(index, to)}
              remove={() => remove(index)}
            />
          );
          return (
            <li key={itemKeys.keys[index]}>
              <ListItem id={`${name}.${index}`} title={title} grouped={grouped} controls={controls}>
                {renderItem([...path, index], item, title)}
              </ListItem>
            </li>
          );
        })}
      </ol>
      {!node.fixed && (
        <AddButton itemName={itemName} full={items.length >= node.max} max={node.max} add={add} />
      )}
    </fieldset>
  );
}

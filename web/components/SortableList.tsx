import {
  type Announcements,
  closestCenter,
  closestCorners,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type CSSProperties, type HTMLAttributes, type ReactNode, useRef } from 'react';

type SortableId = number;

/** What an item's renderer spreads: its root (ref, style) and its drag handle. */
export type SortableItemState = {
  index: number;
  dragging: boolean;
  itemRef: (node: HTMLElement | null) => void;
  style: CSSProperties;
  handle: SortableHandleProps;
};

export type SortableHandleProps = {
  ref: (node: HTMLElement | null) => void;
  attributes: HTMLAttributes<HTMLElement>;
  disabled: boolean;
};

/** A move the list made: the new order of every id, and which one went from where to where. */
export type SortableMove = { ids: SortableId[]; id: SortableId; from: number; to: number };

type Props<T> = {
  items: readonly T[];
  idOf: (item: T) => SortableId;
  /** How announcements name an item ("image 2", "Specifications"). */
  nameOf: (item: T) => string;
  /** A grid of equal tiles (the gallery) or a column of cards of any height (sections). */
  layout: 'grid' | 'vertical';
  onMove: (move: SortableMove) => void;
  disabled?: boolean;
  /** A change made without dragging (a Move or Make primary button), read out to screen readers. */
  status?: string;
  /** The list element around the items (a ul, a Stack). */
  list: (children: ReactNode) => ReactNode;
  children: (item: T, state: SortableItemState) => ReactNode;
};

/**
 * Drag to reorder, by pointer (from the item's handle) or by keyboard (focus the handle, Space to
 * pick up, arrows to move, Space to drop, Escape to cancel), with every step announced by name.
 * The one drag-and-drop behaviour of the app: the gallery and the product's sections use it.
 */
export function SortableList<T>({
  items,
  idOf,
  nameOf,
  layout,
  onMove,
  disabled = false,
  status,
  list,
  children,
}: Props<T>) {
  // A short distance first, so a tap on a handle (or a button beside it) is not a drag.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const total = ids.length;
  const position = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
  const name = (id: UniqueIdentifier) => {
    const item = items.find((i) => idOf(i) === Number(id));
    return item ? nameOf(item) : 'Item';
  };
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  // A drag starts over its own place: saying so would cut off "Picked up" before it is heard.
  const justPickedUp = useRef(false);

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return `Picked up ${name(active.id)}, at position ${position(active.id)} of ${total}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || (justPickedUp.current && over.id === active.id)) return undefined;
      justPickedUp.current = false;
      return `${capital(name(active.id))} is over position ${position(over.id)} of ${total}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${capital(name(active.id))} was dropped at position ${position(over.id)} of ${total}.`
        : `${capital(name(active.id))} was dropped.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled. ${capital(name(active.id))} is back at position ${position(active.id)} of ${total}.`,
  };

  const end = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    onMove({ ids: arrayMove(ids, from, to), id: Number(active.id), from, to });
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        // Cards of different heights: a tall card moved onto a short one still has its centre
        // nearer its own place, so corners decide; equal tiles go by their centres.
        collisionDetection={layout === 'grid' ? closestCenter : closestCorners}
        onDragEnd={end}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move it, press Space or Enter, then the arrow keys; press Space or Enter again to drop it, or Escape to cancel.',
          },
        }}
      >
        <SortableContext
          items={ids}
          strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
          disabled={disabled}
        >
          {list(
            items.map((item, index) => (
              <SortableItem key={idOf(item)} id={idOf(item)} index={index} disabled={disabled}>
                {(state) => children(item, state)}
              </SortableItem>
            )),
          )}
        </SortableContext>
      </DndContext>
      <VisuallyHidden role="status" aria-live="polite">
        {status}
      </VisuallyHidden>
    </>
  );
}

function SortableItem({
  id,
  index,
  disabled,
  children,
}: {
  id: SortableId;
  index: number;
  disabled: boolean;
  children: (state: SortableItemState) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  return children({
    index,
    dragging: isDragging,
    itemRef: setNodeRef,
    style: {
      transform: CSS.Translate.toString(transform),
      transition,
      position: 'relative',
      zIndex: isDragging ? 2 : undefined,
      opacity: isDragging ? 0.85 : undefined,
    },
    handle: { ref: setActivatorNodeRef, attributes: { ...attributes, ...listeners }, disabled },
  });
}

/** The grip an item is dragged by; its name says which item ("Drag image 2"). */
export function DragHandle({
  label,
  handle,
  size = 'md',
}: {
  label: string;
  handle: SortableHandleProps;
  size?: string;
}) {
  return (
    <ActionIcon
      ref={handle.ref}
      {...handle.attributes}
      variant="default"
      size={size}
      aria-label={label}
      disabled={handle.disabled}
      // The browser must not scroll the page while a finger drags the handle.
      style={{ touchAction: 'none', cursor: handle.disabled ? undefined : 'grab' }}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  );
}

import type { ReactNode } from 'react';
import { List } from '@mantine/core';

/**
 * How the everyday jobs are done in this app, written from its real screens (the register, the
 * transactions, purchase orders, inventory) so that each step names what the person will see.
 */
export interface Topic {
  id: string;
  title: string;
  body: ReactNode;
}

export const topics: Topic[] = [
  {
    id: 'open-register',
    title: 'Open a register',
    body: (
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>
          Open Checkout. If a register of this store is already open, choose Use this register beside it to join it.
        </List.Item>
        <List.Item>
          Otherwise, under Open a register, give it a name (for example Till 1) and enter the Counted float: the cash in
          the drawer now, 0 if there is none.
        </List.Item>
        <List.Item>Choose Open register. Sales go to this register until it is closed.</List.Item>
        <List.Item>
          Opening a register needs the register permission; a cashier without it asks a manager to open one.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'sell',
    title: 'Make a sale',
    body: (
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>
          Scan a barcode with the scanner (anywhere on the register), or type a name or SKU in the search box and press
          Enter; or choose a category tile, then the product’s tile. On a tablet, Camera scans with the device’s camera.
        </List.Item>
        <List.Item>
          Several of one item: type the number and * first (3* for three, 1.25* for a weight), then scan, search or tap
          it.
        </List.Item>
        <List.Item>
          Change a line’s quantity in the cart. By keyboard, ↑ in the empty search goes to the last line: + and − add or
          take one, a number types the quantity, Delete removes the line, Escape goes back to the search.
        </List.Item>
        <List.Item>
          Add the customer (F4) so the sale shows in their history; without one the sale is a walk-in.
        </List.Item>
        <List.Item>
          Pay (F9) and choose how the customer pays: cash, card, bank transfer or mobile money; several payments may
          share one sale. For cash, enter what the customer handed over and iPos shows the change.
        </List.Item>
        <List.Item>
          The receipt shows at once: print it, download the PDF or email it, then start the next sale.
        </List.Item>
        <List.Item>
          A customer who steps away: Hold (F8) keeps the cart, and Held brings it back, on any till of the store.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'close-register',
    title: 'Close a register at the end of the day',
    body: (
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>
          During the day, record cash you add to or take out of the drawer with Cash in and Cash out, and the reason.
        </List.Item>
        <List.Item>In Checkout, choose Close register and count the cash in the drawer.</List.Item>
        <List.Item>
          iPos shows what it expected (float, cash sales less change, cash in and out, cash refunds), what you counted
          and the variance. Explain any variance in the note, then choose Close register.
        </List.Item>
        <List.Item>
          The close report shows next, to print on A4 or on the receipt printer. Cash in, Cash out and Close register
          need the register permission.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'refund',
    title: 'Refund or void a sale',
    body: (
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>Open Transactions and find the sale by its number, customer or day, then open it.</List.Item>
        <List.Item>
          Choose Refund, enter how many of each line come back and whether each goes back on the shelf, and how the
          money is returned. A cash refund is paid out of an open register of the store, so open one first.
        </List.Item>
        <List.Item>
          A sale rung up by mistake can be voided instead while its register is still open and nothing was refunded:
          every line goes back to stock and the sale no longer counts.
        </List.Item>
        <List.Item>Refunds and voids need their permission: ask a manager if the buttons are not there.</List.Item>
      </List>
    ),
  },
  {
    id: 'receive-stock',
    title: 'Receive stock',
    body: (
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>
          From a vendor: open Purchase orders, open the order and choose Receive. Enter what arrived; the rest stays
          expected, and you can receive it later. Each product’s cost becomes the average of the stock on hand and what
          you paid.
        </List.Item>
        <List.Item>If the vendor will not deliver the rest, choose Close short… and say why.</List.Item>
        <List.Item>Goods that go back to the vendor: Return to vendor on the same order.</List.Item>
        <List.Item>
          Without an order (a gift, a found carton, a correction): open the product in Inventory and choose Adjust
          stock, with the quantity and the reason.
        </List.Item>
      </List>
    ),
  },
];

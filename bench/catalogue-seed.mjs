// The catalogue the search benchmarks share: `count` products named from word lists (brand, item,
// variety, size), one variant each with an SKU (BN-000001…), an EAN-13 barcode (615…) and stock in
// one store on the ledger, inserted in bulk SQL (`INSERT … SELECT` from `generate_series`) on the
// server's database, which must not be open elsewhere (PGlite: the server stopped).

export const brands = [
  'Dangote',
  'Golden Penny',
  'Peak',
  'Indomie',
  'Milo',
  'Honeywell',
  'Power',
  'Mama Gold',
  'Cowbell',
  'Dano',
  'Hollandia',
  'Chivita',
  'Five Alive',
  'Coca-Cola',
  'Fanta',
  'Sprite',
  'Pepsi',
  'Malta Guinness',
  'Gala',
  'Kings',
  'Devon',
  'Mamador',
  'Gino',
  'Tasty Tom',
  'Knorr',
  'Maggi',
  'Royco',
  'Onga',
  'Nestle',
  'Bournvita',
  'Lipton',
  'Top Tea',
  'Nescafe',
  'Dettol',
  'Harpic',
  'Hypo',
  'Ariel',
  'Omo',
  'Sunlight',
  'Klin',
  'Morning Fresh',
  'Close Up',
  'Oral-B',
  'Pepsodent',
  'Nivea',
  'Vaseline',
  'Dove',
  'Lux',
  'Joy',
  'Always',
];
export const items = [
  'Sugar',
  'Semovita',
  'Spaghetti',
  'Macaroni',
  'Noodles',
  'Milk',
  'Evaporated Milk',
  'Powdered Milk',
  'Cocoa Drink',
  'Flour',
  'Rice',
  'Beans',
  'Garri',
  'Vegetable Oil',
  'Palm Oil',
  'Tomato Paste',
  'Seasoning Cubes',
  'Curry Powder',
  'Thyme',
  'Salt',
  'Tea Bags',
  'Coffee',
  'Orange Juice',
  'Apple Juice',
  'Soft Drink',
  'Malt Drink',
  'Table Water',
  'Biscuits',
  'Cabin Biscuit',
  'Cornflakes',
  'Custard',
  'Oats',
  'Detergent',
  'Bleach',
  'Toilet Cleaner',
  'Dishwashing Liquid',
  'Bar Soap',
  'Toothpaste',
  'Toothbrush',
  'Body Lotion',
  'Petroleum Jelly',
  'Shampoo',
  'Sanitary Pads',
  'Tissue Paper',
  'Air Freshener',
  'Insecticide',
];
export const varieties = [
  'Classic',
  'Original',
  'Premium',
  'Extra',
  'Family Pack',
  'Lite',
  'Gold',
  'Fresh',
  'Strawberry',
  'Vanilla',
  'Chocolate',
  'Lemon',
];
export const sizes = [
  '50g',
  '100g',
  '250g',
  '400g',
  '500g',
  '900g',
  '1kg',
  '2kg',
  '5kg',
  '10kg',
  '33cl',
  '35cl',
  '50cl',
  '60cl',
  '1L',
  '1.5L',
  '2L',
  '4L',
  'x6',
  'x12',
  'x24',
];
const arr = (words) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;

/** Adds `count` products with variants, barcodes and stock in `storeId` (one transaction), then analyzes. */
export async function seedProducts(db, { businessId, storeId, count }) {
  await db.exec('begin');
  await db.query(
    `insert into products (business_id, id, name, unit, search_text, category_id, tax_rate_id)
     select $1::uuid, ('b0000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, n.name, 'each',
            lower(n.name) || ' bn-' || lpad(g::text, 6, '0'), null, null
       from generate_series(1, ${count}) g
       cross join lateral (select
         (${arr(brands)})[(1 + (g::bigint * 7919) % ${brands.length})::int] || ' ' ||
         (${arr(items)})[(1 + (g::bigint * 104729) % ${items.length})::int] || ' ' ||
         (${arr(varieties)})[(1 + (g / 7) % ${varieties.length})::int] || ' ' ||
         (${arr(sizes)})[(1 + (g::bigint * 31) % ${sizes.length})::int] as name) n`,
    [businessId],
  );
  await db.query(
    `insert into product_variants (business_id, id, product_id, sku, cost_price_minor, selling_price_minor)
     select $1::uuid, ('b1000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
            ('b0000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'BN-' || lpad(g::text, 6, '0'),
            ((g * 37) % 5000 + 100) * 100, ((g * 37) % 5000 + 100) * 125
       from generate_series(1, ${count}) g`,
    [businessId],
  );
  // EAN-13: 615 (GS1 Nigeria) + 9 digits + the GS1 check digit (weights 1,3,1,3… from the left of 12 digits).
  await db.query(
    `insert into product_barcodes (business_id, code, symbology, product_id, variant_id)
     select $1::uuid, b.body || ((10 - (select sum(substr(b.body, i, 1)::int * (case when i % 2 = 0 then 3 else 1 end))
                                          from generate_series(1, 12) i) % 10) % 10)::text,
            'EAN13', ('b0000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
            ('b1000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid
       from generate_series(1, ${count}) g
       cross join lateral (select '615' || lpad((g::bigint * 7)::text, 9, '0') as body) b`,
    [businessId],
  );
  // Stock in the store, on the ledger: one movement per level, so on hand equals the sum of movements.
  await db.query(
    `insert into stock_levels (business_id, store_id, variant_id, product_id, on_hand, reorder_level)
     select $1::uuid, $2::uuid, ('b1000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
            ('b0000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, (g * 13) % 200 + 1, 10
       from generate_series(1, ${count}) g`,
    [businessId, storeId],
  );
  await db.query(
    `insert into stock_movements (business_id, id, store_id, product_id, variant_id, delta, on_hand_after, reason, note)
     select l.business_id, ('b2000000-0000-7000-8000-' || lpad(to_hex(row_number() over ()), 12, '0'))::uuid,
            l.store_id, l.product_id, l.variant_id, l.on_hand, l.on_hand, 'adjustment', 'bench seed'
       from stock_levels l where l.business_id = $1 and l.variant_id::text like 'b1000000-%'`,
    [businessId],
  );
  await db.exec('commit');
  await db.exec('analyze');
}

import { gtinCheckDigit, type ProductUnit } from '@ipos/contracts';

/**
 * Demo Mart's catalogue: a Lagos supermarket's shelves. Prices are in naira as on the shelf (VAT
 * inclusive where taxed) and become kobo when seeded; costs sit below prices. Basic food (grains,
 * produce, bread) is VAT-exempt in Nigeria, so those carry no tax rate. Stock differs between Lekki
 * and Ikeja; a few lines sit at or below their reorder level and a couple are out of stock, so the
 * inventory filters have something to show.
 */
export interface DemoProduct {
  name: string;
  /** A category of `demoCategories` (categories.service.ts). */
  category: string;
  unit: ProductUnit;
  /** Shelf price and cost in naira (whole or with kobo). */
  price: number;
  cost: number;
  /** On hand in Lekki (opening stock) and Ikeja. */
  lekki: number;
  ikeja: number;
  /** Reorder level in both stores; null: none. */
  reorder: number | null;
  /** Taxed at the demo VAT; false for VAT-exempt basics and untracked services. */
  vat: boolean;
  tracked: boolean;
  /** Ikeja's own (lower) price in naira. */
  ikejaPrice?: number;
  /** Size variants: each its own SKU, barcode, price and stock. */
  sizes?: { size: string; price: number; cost: number; lekki: number; ikeja: number }[];
}

type Row = [name: string, price: number, cost: number, lekki: number, ikeja: number, reorder: number | null];

const rows = (
  category: string,
  list: Row[],
  extra: Partial<Pick<DemoProduct, 'unit' | 'vat' | 'tracked'>> = {},
): DemoProduct[] =>
  list.map(([name, price, cost, lekki, ikeja, reorder]) => ({
    name,
    category,
    unit: 'each',
    price,
    cost,
    lekki,
    ikeja,
    reorder,
    vat: true,
    tracked: true,
    ...extra,
  }));

export const demoProducts: DemoProduct[] = [
  ...rows(
    'Rice & Grains',
    [
      ['Mama Gold Rice 50kg', 78_000, 72_500, 14, 6, 5],
      ['Mama Gold Rice 10kg', 17_500, 16_000, 22, 12, 6],
      ['Royal Stallion Rice 50kg', 76_500, 71_000, 9, 4, 4],
      ['Caprice Rice 5kg', 9_200, 8_300, 18, 10, 6],
      ['Mama\u2019s Pride Rice 25kg', 39_500, 36_500, 3, 2, 4],
      ['Honeywell Spaghetti 500g', 1_100, 900, 120, 80, 40],
      ['Golden Penny Spaghetti 500g', 1_150, 950, 96, 60, 40],
      ['Dangote Spaghetti 500g', 1_050, 880, 84, 36, 40],
      ['Golden Penny Macaroni 500g', 1_150, 950, 60, 24, 24],
      ['Quaker Oats 500g', 3_800, 3_250, 30, 14, 10],
      ['Indomie Chicken 70g', 250, 205, 480, 360, 120],
      ['Indomie Chicken Carton (40 x 70g)', 9_800, 8_600, 25, 18, 8],
      ['Indomie Onion Chicken 120g', 450, 375, 160, 90, 60],
      ['Golden Penny Noodles 70g', 230, 190, 200, 150, 60],
      ['Kellogg\u2019s Corn Flakes 350g', 4_200, 3_600, 16, 6, 8],
      ['Nasco Corn Flakes 350g', 2_900, 2_450, 20, 0, 6],
    ],
    { vat: false },
  ),
  ...rows('Flour & Baking', [
    ['Golden Penny Semovita 1kg', 1_800, 1_550, 70, 40, 24],
    ['Golden Penny Semovita 5kg', 8_400, 7_450, 24, 15, 8],
    ['Honeywell Semolina 1kg', 1_750, 1_500, 40, 28, 20],
    ['Honeywell Wheat Meal 1kg', 2_100, 1_800, 30, 12, 12],
    ['Golden Penny Flour 2kg', 3_600, 3_100, 24, 10, 10],
    ['Dangote Sugar 500g', 1_000, 850, 150, 90, 48],
    ['Dangote Sugar 1kg', 1_900, 1_650, 64, 40, 24],
    ['St. Louis Sugar Cubes 500g', 2_300, 1_950, 28, 4, 12],
    ['Mr. Chef Baking Powder 100g', 600, 480, 40, 20, 12],
    ['Royal Baking Powder 113g', 1_200, 980, 18, 9, 6],
    ['Peak Milk Powder Refill 400g', 4_200, 3_700, 45, 30, 15],
    ['Peak Milk Evaporated Tin 160g', 700, 590, 240, 120, 72],
    ['Three Crowns Milk Refill 380g', 3_600, 3_150, 30, 18, 12],
    ['Dano Milk Refill 360g', 3_300, 2_900, 26, 12, 12],
    ['Milo Refill 400g', 4_500, 3_950, 40, 22, 15],
    ['Bournvita Refill 500g', 4_300, 3_750, 8, 6, 12],
    ['Ovaltine Refill 400g', 3_900, 3_400, 15, 10, 8],
    ['Lipton Yellow Label Tea (100 bags)', 3_500, 3_000, 20, 12, 8],
    ['Nescaf\u00e9 Classic 50g', 2_800, 2_400, 18, 9, 8],
    ['Top Tea Green Tea (25 bags)', 1_500, 1_250, 0, 6, 6],
  ]),
  ...rows('Canned Food', [
    ['Gino Tomato Paste 70g Sachet', 150, 115, 500, 300, 120],
    ['Gino Tomato Paste Tin 400g', 1_600, 1_350, 48, 30, 18],
    ['Tasty Tom Tomato Mix 70g', 150, 118, 300, 250, 120],
    ['De Rica Tomato Paste 210g', 1_000, 840, 36, 24, 12],
    ['Titus Sardines in Vegetable Oil 125g', 1_300, 1_100, 96, 60, 36],
    ['Geisha Mackerel in Tomato Sauce 155g', 1_200, 1_000, 80, 45, 30],
    ['Sunshine Corned Beef 340g', 3_900, 3_400, 24, 12, 10],
    ['Heinz Baked Beans 415g', 1_800, 1_500, 30, 20, 12],
    ['Del Monte Sweet Corn 410g', 1_700, 1_420, 20, 8, 8],
    ['Kings Vegetable Oil 1L', 3_300, 2_900, 40, 24, 15],
    ['Power Oil 3L', 9_200, 8_200, 18, 10, 6],
    ['Devon King\u2019s Vegetable Oil 5L', 15_500, 14_000, 10, 4, 4],
    ['Mamador Vegetable Oil 2.85L', 8_900, 7_900, 12, 7, 5],
    ['Sunola Palm Olein 1L', 2_900, 2_500, 16, 12, 8],
    ['Blue Band Margarine 250g', 1_400, 1_180, 50, 30, 20],
    ['Mayonnaise Bama 473ml', 3_100, 2_650, 20, 10, 8],
  ]),
  ...rows('Spices & Seasoning', [
    ['Maggi Star Cubes (100 cubes)', 1_500, 1_250, 80, 60, 24],
    ['Knorr Chicken Cubes (50 cubes)', 1_000, 830, 70, 50, 24],
    ['Maggi Chicken Cubes (50 cubes)', 1_050, 870, 45, 30, 24],
    ['Onga Classic Seasoning Cubes (100)', 1_350, 1_120, 36, 18, 12],
    ['Ducros Thyme 10g', 450, 360, 60, 40, 20],
    ['Ducros Curry Powder 10g', 450, 360, 60, 35, 20],
    ['Tiger Curry Powder 50g', 800, 650, 25, 12, 10],
    ['Mr. Chef Mix Seasoning 30g', 300, 240, 90, 60, 30],
    ['Dangote Iodized Salt 500g', 500, 400, 70, 40, 20],
    ['Annapurna Iodized Salt 500g', 550, 440, 40, 5, 12],
    ['Knorr Beef Cubes (50 cubes)', 1_000, 830, 12, 8, 18],
    ['Mr. Chef Ground Crayfish 50g', 900, 700, 25, 14, 10],
  ]),
  ...rows('Soft Drinks', [
    ['Fanta Orange 50cl PET', 500, 400, 144, 96, 48],
    ['Sprite 50cl PET', 500, 400, 120, 72, 48],
    ['Pepsi 50cl PET', 450, 360, 120, 96, 48],
    ['7Up 50cl PET', 450, 360, 96, 60, 48],
    ['Mirinda Orange 50cl PET', 450, 360, 72, 48, 36],
    ['Schweppes Tonic Water 33cl Can', 700, 560, 48, 24, 24],
    ['Malta Guinness 33cl Can', 750, 610, 96, 72, 36],
    ['Amstel Malta 33cl Can', 700, 570, 72, 48, 36],
    ['Maltina Classic 33cl Can', 700, 570, 84, 60, 36],
    ['Fayrouz Pineapple 33cl Can', 650, 520, 48, 30, 24],
    ['Bigi Cola 60cl', 350, 270, 96, 120, 36],
    ['Red Bull Energy Drink 25cl', 1_500, 1_250, 24, 12, 12],
    ['Power Horse Energy Drink 25cl', 1_200, 990, 30, 18, 12],
    ['Monster Energy 50cl', 1_900, 1_600, 14, 8, 12],
  ]),
  ...rows('Water', [
    ['Eva Water 75cl', 300, 220, 240, 180, 72],
    ['Eva Water 1.5L', 550, 420, 120, 96, 48],
    ['Nestl\u00e9 Pure Life 75cl', 300, 225, 180, 120, 72],
    ['Aquafina 75cl', 280, 210, 150, 90, 72],
    ['Aquafina 1.5L', 500, 390, 60, 30, 36],
    ['Cway Water 50cl (Pack of 12)', 2_400, 1_950, 20, 16, 8],
    ['Eva Sparkling Water 33cl', 650, 510, 24, 0, 12],
  ]),
  ...rows('Juice', [
    ['Chivita 100% Orange Juice 1L', 2_300, 1_950, 36, 20, 12],
    ['Chivita Active Pineapple & Coconut 1L', 2_300, 1_950, 24, 12, 12],
    ['Chi Exotic Pineapple & Coconut 1L', 2_100, 1_780, 30, 18, 12],
    ['Five Alive Pulpy Orange 1L', 2_000, 1_700, 28, 20, 12],
    ['Hollandia Yoghurt Strawberry 1L', 2_600, 2_200, 20, 10, 8],
    ['Hollandia Evaporated Milk 1L', 2_800, 2_400, 6, 9, 8],
    ['Ribena Blackcurrant 1L', 3_500, 3_000, 12, 6, 6],
    ['Capri-Sun Orange 200ml', 450, 360, 80, 40, 30],
  ]),
  ...rows('Beer & Wine', [
    ['Star Lager 60cl', 900, 740, 96, 72, 36],
    ['Gulder Lager 60cl', 1_000, 820, 72, 60, 36],
    ['Heineken 60cl', 1_200, 990, 96, 48, 36],
    ['Trophy Lager 60cl', 850, 690, 60, 72, 24],
    ['Hero Lager 60cl', 850, 690, 48, 60, 24],
    ['Guinness Foreign Extra Stout 60cl', 1_300, 1_070, 72, 48, 36],
    ['Smirnoff Ice Double Black 60cl', 1_300, 1_060, 48, 36, 24],
    ['Orijin Bitters 60cl', 1_100, 900, 36, 24, 12],
    ['Carlo Rossi Red 75cl', 9_500, 8_100, 12, 6, 6],
    ['4th Street Sweet Rose 75cl', 8_000, 6_800, 14, 8, 6],
    ['Baron de Valls Red 75cl', 6_500, 5_500, 10, 0, 6],
    ['Andre Rose Sparkling 75cl', 11_000, 9_400, 6, 3, 4],
  ]),
  ...rows('Toiletries', [
    ['Close-Up Toothpaste 140g', 1_400, 1_150, 60, 40, 24],
    ['Oral-B Toothpaste 140g', 1_300, 1_070, 40, 24, 18],
    ['Pepsodent Toothpaste 140g', 1_200, 990, 36, 20, 18],
    ['Oral-B Toothbrush Medium', 700, 540, 48, 30, 18],
    ['Dettol Antiseptic Liquid 500ml', 4_200, 3_600, 18, 12, 8],
    ['Dettol Soap Original 110g', 900, 740, 60, 40, 24],
    ['Joy Beauty Soap 100g', 500, 400, 72, 48, 24],
    ['Lux Soft Touch Soap 90g', 550, 440, 60, 36, 24],
    ['Premier Cool Soap 70g', 400, 320, 48, 30, 24],
    ['Nivea Body Lotion 400ml', 5_200, 4_500, 14, 8, 6],
    ['Vaseline Petroleum Jelly 250ml', 2_600, 2_200, 24, 12, 10],
    ['Rexona Men Roll-On 50ml', 2_100, 1_780, 20, 10, 8],
    ['Always Ultra Sanitary Pads (8)', 1_300, 1_070, 40, 24, 18],
    ['Softcare Tissue Roll (10 rolls)', 3_600, 3_100, 30, 18, 10],
    ['Gillette Blue II Razor (5)', 1_500, 1_230, 4, 8, 10],
    ['Pears Baby Lotion 200ml', 2_300, 1_950, 12, 6, 6],
  ]),
  ...rows('Household', [
    ['Hypo Bleach 1L', 1_300, 1_060, 40, 30, 15],
    ['Hypo Toilet Cleaner 500ml', 1_400, 1_150, 30, 18, 12],
    ['Harpic Power Plus 500ml', 2_200, 1_850, 20, 12, 8],
    ['Omo Multi Active Detergent 900g', 2_800, 2_400, 36, 24, 12],
    ['Ariel Detergent 900g', 3_000, 2_550, 30, 18, 12],
    ['Viva Plus Detergent 1kg', 2_200, 1_850, 24, 24, 12],
    ['Morning Fresh Dishwashing Liquid 450ml', 1_600, 1_330, 40, 24, 15],
    ['Mama Lemon Dishwashing Liquid 500ml', 1_400, 1_160, 24, 14, 10],
    ['Sunlight Bar Soap 200g', 700, 560, 60, 36, 24],
    ['Mortein Insect Killer 600ml', 3_400, 2_900, 18, 10, 8],
    ['Raid Multi-Insect Killer 300ml', 2_700, 2_300, 12, 6, 6],
    ['Baygon Mosquito Coil (10)', 800, 640, 30, 20, 12],
    ['Air Wick Air Freshener 300ml', 2_500, 2_100, 12, 6, 6],
    ['Duracell AA Batteries (4)', 2_900, 2_400, 20, 10, 8],
    ['Tiger Head AA Batteries (4)', 600, 460, 40, 30, 15],
    ['Glad Refuse Bags (20)', 1_800, 1_480, 0, 0, 6],
    ['Tissue Paper Virony (4 rolls)', 1_600, 1_330, 24, 18, 12],
  ]),
  ...rows('Baby', [
    ['Pampers Baby-Dry Size 4 (52)', 11_500, 10_000, 12, 6, 6],
    ['Pampers Baby-Dry Size 3 (60)', 11_000, 9_600, 10, 8, 6],
    ['Huggies Dry Comfort Size 4 (50)', 10_500, 9_150, 8, 4, 6],
    ['Molfix Size 4 (48)', 8_200, 7_100, 14, 10, 6],
    ['Nan Optipro 1 Infant Formula 400g', 8_500, 7_500, 10, 6, 5],
    ['SMA Gold 1 Infant Formula 400g', 9_200, 8_100, 8, 4, 5],
    ['Cerelac Wheat 400g', 4_300, 3_750, 18, 10, 8],
    ['Cerelac Maize 1kg', 8_900, 7_800, 6, 3, 4],
    ['Pampers Baby Wipes (64)', 2_400, 2_000, 24, 12, 10],
    ['Johnson\u2019s Baby Oil 200ml', 2_700, 2_300, 12, 6, 6],
    ['Johnson\u2019s Baby Powder 200g', 2_200, 1_850, 4, 2, 6],
  ]),
  ...rows('Frozen', [
    ['Frozen Chicken Whole (approx. 1.2kg)', 6_500, 5_600, 20, 12, 8],
    ['Frozen Turkey Wings 1kg', 7_200, 6_300, 14, 6, 6],
    ['Frozen Croaker Fish 1kg', 5_800, 5_000, 10, 6, 5],
    ['Frozen Titus Fish 1kg', 5_200, 4_500, 12, 8, 6],
    ['Frozen Mixed Vegetables 500g', 2_400, 2_000, 8, 2, 6],
    ['Fan Ice Vanilla 450ml', 1_800, 1_500, 18, 12, 8],
    ['Hollandia Ice Cream Vanilla 1L', 3_800, 3_200, 6, 0, 4],
  ]),
  ...rows(
    'Bakery',
    [
      ['Butterfield Sliced Bread', 1_800, 1_450, 24, 18, 10],
      ['Agege Bread Loaf', 1_000, 780, 30, 40, 12],
      ['Mr. Bigg\u2019s Meat Pie', 1_000, 760, 20, 15, 8],
      ['UAC Gala Sausage Roll 60g', 300, 235, 120, 96, 40],
      ['Beloxxi Cream Crackers 120g', 600, 480, 60, 40, 20],
      ['McVitie\u2019s Digestive 400g', 3_200, 2_700, 14, 8, 6],
      ['Nasco Cabin Biscuit 300g', 900, 740, 40, 30, 15],
      ['Yale Chin Chin 200g', 700, 560, 30, 20, 12],
    ],
    { vat: false },
  ),
  // Sold by weight from the loose bins (VAT-exempt basics); Ikeja, near the market, sells them cheaper.
  ...(
    [
      ['Local Rice (loose, per kg)', 'Rice & Grains', 1_900, 1_550, 120.5, 85.25, 30, 1_800],
      ['Brown Beans Oloyin (per kg)', 'Rice & Grains', 2_800, 2_300, 64.75, 40, 20, 2_650],
      ['White Garri Ijebu (per kg)', 'Flour & Baking', 1_300, 1_000, 90, 55.5, 25, 1_200],
      ['Yellow Garri (per kg)', 'Flour & Baking', 1_400, 1_100, 18.25, 30, 20, 1_300],
      ['Fresh Tomatoes (per kg)', 'Spices & Seasoning', 2_000, 1_500, 12.4, 20.2, 15, 1_800],
      ['Red Onions (per kg)', 'Spices & Seasoning', 1_500, 1_150, 25, 18.6, 10, 1_400],
      ['Tatashe Red Pepper (per kg)', 'Spices & Seasoning', 3_500, 2_800, 0, 4.5, 5, 3_200],
    ] as const
  ).map(([name, category, price, cost, lekki, ikeja, reorder, ikejaPrice]): DemoProduct => ({
    name,
    category,
    unit: 'kg',
    price,
    cost,
    lekki,
    ikeja,
    reorder,
    vat: false,
    tracked: true,
    ikejaPrice,
  })),
  {
    name: 'Coca-Cola',
    category: 'Soft Drinks',
    unit: 'each',
    price: 300,
    cost: 230,
    lekki: 0,
    ikeja: 0,
    reorder: 24,
    vat: true,
    tracked: true,
    sizes: [
      { size: '35cl', price: 300, cost: 230, lekki: 144, ikeja: 96 },
      { size: '50cl', price: 500, cost: 400, lekki: 120, ikeja: 20 },
      { size: '1L', price: 900, cost: 730, lekki: 36, ikeja: 24 },
    ],
  },
  // Services: sold at the till, never counted.
  ...rows(
    'Household',
    [
      ['Gift Wrapping', 1_000, 300, 0, 0, null],
      ['Home Delivery (within Lekki)', 2_500, 1_500, 0, 0, null],
    ],
    { tracked: false },
  ),
];

/** A short SKU prefix per category (DM = Demo Mart). */
const skuPrefixes: Record<string, string> = {
  'Rice & Grains': 'RG',
  'Flour & Baking': 'FB',
  'Canned Food': 'CF',
  'Spices & Seasoning': 'SP',
  'Soft Drinks': 'SD',
  Water: 'WA',
  Juice: 'JU',
  'Beer & Wine': 'BW',
  Toiletries: 'TO',
  Household: 'HH',
  Baby: 'BB',
  Frozen: 'FZ',
  Bakery: 'BK',
};

export const demoSkuOf = (category: string, n: number) =>
  `DM-${skuPrefixes[category] ?? 'GEN'}-${String(n).padStart(4, '0')}`;

/**
 * A deterministic EAN-13 for the n-th demo item: GS1 Nigeria's prefix 615, a five-digit "company"
 * and a four-digit item, and the correct check digit.
 */
export function demoBarcodeOf(n: number): string {
  const body = `615${String(10_000 + ((n * 37) % 90_000)).padStart(5, '0')}${String(n).padStart(4, '0')}`;
  return body + gtinCheckDigit(body);
}

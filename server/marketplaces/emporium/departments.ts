/**
 * The emporium's 40 departments. PA-API has no call that lists departments: the locale reference
 * publishes them (a search index and a root browse node per department), so the adapter carries the
 * table and `categories` at the root answers from it. Slugs are ours (stable, URL-safe); root nodes are
 * the amazon.com root browse nodes of those departments. When the store reorganizes, this table is the
 * one thing to refresh.
 */
export interface EmporiumDepartment {
  slug: string;
  name: string;
  /** PA-API SearchIndex the department belongs to (several departments can share one). */
  searchIndex: string;
  /** Root browse node id (digits). */
  node: string;
}

export const EMPORIUM_DEPARTMENTS: readonly EmporiumDepartment[] = [
  { slug: "electronics", name: "Electronics", searchIndex: "Electronics", node: "172282" },
  {
    slug: "cell-phones",
    name: "Cell Phones & Accessories",
    searchIndex: "MobileAndAccessories",
    node: "2335752011",
  },
  { slug: "computers", name: "Computers", searchIndex: "Computers", node: "541966" },
  { slug: "video-games", name: "Video Games", searchIndex: "VideoGames", node: "468642" },
  { slug: "tv-video", name: "TV & Video", searchIndex: "Electronics", node: "1266092011" },
  { slug: "cameras", name: "Camera & Photo", searchIndex: "Photo", node: "502394" },
  { slug: "smart-home", name: "Smart Home", searchIndex: "Electronics", node: "6563140011" },
  { slug: "appliances", name: "Appliances", searchIndex: "Appliances", node: "2619525011" },
  { slug: "kitchen", name: "Kitchen & Dining", searchIndex: "HomeAndKitchen", node: "284507" },
  { slug: "furniture", name: "Furniture", searchIndex: "HomeAndKitchen", node: "1063306" },
  { slug: "bedding", name: "Bedding", searchIndex: "HomeAndKitchen", node: "1063252" },
  { slug: "bath", name: "Bath", searchIndex: "HomeAndKitchen", node: "1063236" },
  { slug: "home-decor", name: "Home Décor", searchIndex: "HomeAndKitchen", node: "1063278" },
  {
    slug: "lighting",
    name: "Lighting & Ceiling Fans",
    searchIndex: "ToolsAndHomeImprovement",
    node: "495224",
  },
  { slug: "garden", name: "Patio, Lawn & Garden", searchIndex: "GardenAndOutdoor", node: "2972638011" },
  { slug: "tools", name: "Tools & Home Improvement", searchIndex: "ToolsAndHomeImprovement", node: "228013" },
  { slug: "automotive", name: "Automotive", searchIndex: "Automotive", node: "15684181" },
  { slug: "sports", name: "Sports & Outdoors", searchIndex: "SportsAndOutdoors", node: "3375251" },
  { slug: "fitness", name: "Exercise & Fitness", searchIndex: "SportsAndOutdoors", node: "3407731" },
  { slug: "toys", name: "Toys & Games", searchIndex: "ToysAndGames", node: "165793011" },
  { slug: "baby", name: "Baby", searchIndex: "Baby", node: "165796011" },
  { slug: "womens-clothing", name: "Women's Fashion", searchIndex: "FashionWomen", node: "7147440011" },
  { slug: "mens-clothing", name: "Men's Fashion", searchIndex: "FashionMen", node: "7147441011" },
  { slug: "kids-clothing", name: "Kids' Fashion", searchIndex: "FashionGirls", node: "7147442011" },
  { slug: "shoes", name: "Shoes", searchIndex: "Fashion", node: "679255011" },
  { slug: "jewelry", name: "Jewelry", searchIndex: "Jewelry", node: "7192394011" },
  { slug: "watches", name: "Watches", searchIndex: "Watches", node: "6358539011" },
  { slug: "luggage", name: "Luggage & Travel Gear", searchIndex: "Luggage", node: "9479199011" },
  { slug: "beauty", name: "Beauty & Personal Care", searchIndex: "Beauty", node: "3760911" },
  {
    slug: "personal-care",
    name: "Personal Care Appliances",
    searchIndex: "HealthPersonalCare",
    node: "3777891",
  },
  { slug: "health", name: "Health & Household", searchIndex: "HealthPersonalCare", node: "3760901" },
  { slug: "grocery", name: "Grocery & Gourmet Food", searchIndex: "GroceryAndGourmetFood", node: "16310101" },
  { slug: "pet-supplies", name: "Pet Supplies", searchIndex: "PetSupplies", node: "2619533011" },
  { slug: "office", name: "Office Products", searchIndex: "OfficeProducts", node: "1064954" },
  { slug: "arts-crafts", name: "Arts, Crafts & Sewing", searchIndex: "ArtsAndCrafts", node: "2617941011" },
  { slug: "books", name: "Books", searchIndex: "Books", node: "283155" },
  {
    slug: "musical-instruments",
    name: "Musical Instruments",
    searchIndex: "MusicalInstruments",
    node: "11091801",
  },
  { slug: "party", name: "Party Supplies", searchIndex: "ToysAndGames", node: "1063296" },
  { slug: "industrial", name: "Industrial & Scientific", searchIndex: "Industrial", node: "16310091" },
  { slug: "household", name: "Household Supplies", searchIndex: "HealthPersonalCare", node: "15342811" },
];

export function departmentBySlug(slug: string): EmporiumDepartment | undefined {
  return EMPORIUM_DEPARTMENTS.find((d) => d.slug === slug);
}

export function departmentByNode(node: string): EmporiumDepartment | undefined {
  return EMPORIUM_DEPARTMENTS.find((d) => d.node === node);
}

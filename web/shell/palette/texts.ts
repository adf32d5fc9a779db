/** The command palette's own words (its button, its search box, its groups and states). */
export const PALETTE_TEXT = {
  name: 'Search and commands',
  button: 'Search',
  placeholder: 'Search, or jump to a screen',
  results: 'Results',
  searching: 'Searching…',
  nothingFound: 'Nothing found',
  groups: {
    screens: 'Screens',
    actions: 'Actions',
    products: 'Products',
    categories: 'Categories',
    brands: 'Brands',
    inquiries: 'Inquiries',
    customers: 'Customers',
    companies: 'Companies',
    users: 'Users',
  },
  screenHint: 'Go to screen',
} as const;

/// The comparison engine (tiers, budgets, `ImageComparison`, diff images, failure output)
/// lives in `StrataCompare`, which links no test framework so that the `strata` tool can
/// use it. It is re-exported here, so that `import StrataTesting` keeps giving tests every
/// type a golden check returns or takes.
@_exported import StrataCompare

// GNU FriBidi: the embedding levels of the Unicode bidirectional algorithm (UAX #9); the
// lines are reordered in Swift.
#include <fribidi.h>

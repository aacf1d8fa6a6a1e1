"""`python -m playground`: see the package."""

import sys

from playground import main

sys.exit(main())

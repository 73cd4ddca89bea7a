"""Allow `python -m stridecheck.reports`."""

import sys

from .cli import main

sys.exit(main())

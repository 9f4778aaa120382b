#include "wrl/client.h"

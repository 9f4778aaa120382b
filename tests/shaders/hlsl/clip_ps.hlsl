// clip() and discard: the left half clipped, the bottom quarter discarded under an if.
#include "common.hlsli"

float4 main(VSOut i) : SV_Target
{
    clip(i.uv.x - 0.5);
    if (i.uv.y > 0.75)
        discard;
    return float4(i.uv, 0.5, 1);
}

// ddx / ddy of the texture coordinates: one pixel of 16 across and down.
#include "common.hlsli"

float4 main(VSOut i) : SV_Target
{
    return float4(ddx(i.uv.x) * 16, ddy(i.uv.y) * 16, ddx(i.uv.y) + 0.5, 1);
}

// A loop whose trip count is a constant-buffer value ([loop]: a run-time loop, shader model 4+).
#include "common.hlsli"

cbuffer Count : register(b0)
{
    int4 count;
};

float4 main(VSOut i) : SV_Target
{
    float s = 0;
    [loop] for (int k = 0; k < count.x; k++)
        s += i.uv.x * 0.125;
    return float4(s, count.x * 0.1, 0, 1);
}

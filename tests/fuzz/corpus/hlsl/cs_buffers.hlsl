struct P { float3 pos; uint id; };
StructuredBuffer<P> src; RWStructuredBuffer<P> dst; RWByteAddressBuffer raw; RWTexture2D<float4> img;
AppendStructuredBuffer<uint> app;
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{ P p = src[id.x]; dst[id.x] = p; uint o; raw.InterlockedAdd(0, 1, o); InterlockedMax(dst[0].id, o);
  img[id.xy] = float4(p.pos, 1); GroupMemoryBarrierWithGroupSync(); app.Append(gi); raw.Store2(8, id.xy); }
